// Charts as SVG built in the page from the server's numbers; each one has a table beside it.
// Okabe-Ito colours (colour-blind safe): the attacker is blue, the defender vermilion.
import { s } from './dom.js';

export const COLOURS = {
  attacker: ['#0072B2', '#56B4E9', '#003f63'],
  defender: ['#D55E00', '#E69F00', '#8a3d00'],
  neutral: ['#999999', '#cccccc'],
};

// One horizontal stacked bar: segments [{label, p, colour}], with the percentages as text.
export function stackedBar(segments, title, fmt) {
  const width = 640, height = 56;
  const svg = s('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'chart bar',
    'aria-label': title, xmlns: 'http://www.w3.org/2000/svg' });
  svg.append(s('title', { text: title }));
  let x = 0;
  for (const seg of segments) {
    if (!(seg.p > 0)) continue;
    const w = seg.p * width;
    const g = s('g', {});
    g.append(s('rect', { x: x.toFixed(2), y: 0, width: Math.max(w, 0.5).toFixed(2), height: 40,
      fill: seg.colour, stroke: '#ffffff', 'stroke-width': 1 }));
    g.append(s('title', { text: `${seg.label}: ${fmt(seg.p)}` }));
    if (w > 44) {
      g.append(s('text', { x: (x + w / 2).toFixed(2), y: 25, 'text-anchor': 'middle',
        'font-size': 13, fill: seg.dark ? '#ffffff' : '#000000', text: fmt(seg.p) }));
    }
    svg.append(g);
    x += w;
  }
  return svg;
}

// P(at least N) curves per side: series [{label, colour, points: [[n, p], ...]}].
export function curves(series, title, xLabel) {
  const width = 640, height = 240, left = 48, bottom = 36, top = 12, right = 12;
  const maxN = Math.max(1, ...series.flatMap((c) => c.points.map((pt) => pt[0])));
  const X = (n) => left + (n / maxN) * (width - left - right);
  const Y = (p) => top + (1 - p) * (height - top - bottom);
  const svg = s('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'chart',
    'aria-label': title, xmlns: 'http://www.w3.org/2000/svg' });
  svg.append(s('title', { text: title }));
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(s('line', { x1: left, x2: width - right, y1: Y(p), y2: Y(p), stroke: '#dddddd' }));
    svg.append(s('text', { x: left - 6, y: Y(p) + 4, 'text-anchor': 'end', 'font-size': 11,
      text: `${Math.round(p * 100)} %` }));
  }
  const step = Math.max(1, Math.ceil(maxN / 12));
  for (let n = 0; n <= maxN; n += step) {
    svg.append(s('text', { x: X(n), y: height - bottom + 16, 'text-anchor': 'middle',
      'font-size': 11, text: String(n) }));
  }
  svg.append(s('text', { x: (left + width) / 2, y: height - 4, 'text-anchor': 'middle',
    'font-size': 12, text: xLabel }));
  series.forEach((c, i) => {
    const d = c.points.map((pt, j) => `${j ? 'L' : 'M'}${X(pt[0]).toFixed(1)},${Y(pt[1]).toFixed(1)}`).join(' ');
    svg.append(s('path', { d, fill: 'none', stroke: c.colour, 'stroke-width': 2.5,
      'stroke-dasharray': i ? '6 3' : 'none' }));
    for (const pt of c.points) {
      svg.append(s('circle', { cx: X(pt[0]).toFixed(1), cy: Y(pt[1]).toFixed(1), r: 3, fill: c.colour }));
    }
  });
  return svg;
}
