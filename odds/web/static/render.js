// Results of each view: headline, chart with its table, the tables of numbers.
import { h, s } from './dom.js';
import { t } from './i18n.js';
import { COLOURS, curves, stackedBar } from './charts.js';

export function pct(p, lang) {
  if (p === null || p === undefined || Number.isNaN(p)) return '—';
  const x = 100 * p;
  let text;
  if (x === 0 || x === 100) text = x.toFixed(0);
  else if (x < 0.1) text = '< 0.1';
  else if (x > 99.9) text = '> 99.9';
  else text = x.toFixed(1);
  text += ' %';
  return lang === 'es' ? text.replace('.', ',') : text;
}

function se(p, lang) {
  if (p === null || p === undefined) return '—';
  const text = `± ${(100 * p).toFixed(2)} %`;  // percentage points, as the value beside it
  return lang === 'es' ? text.replace('.', ',') : text;
}

function num(x, lang, digits = 2) {
  if (x === null || x === undefined) return '—';
  const text = Number(x).toFixed(digits);
  return lang === 'es' ? text.replace('.', ',') : text;
}

function table(caption, head, rows, cls = '') {
  // a table wider than a phone scrolls inside this region, which the keyboard can reach
  return h('div', { class: 'scroll', tabindex: 0, role: 'region', 'aria-label': caption }, h('table', { class: cls },
    h('caption', { text: caption }),
    h('thead', {}, h('tr', {}, head.map((x) => h('th', { scope: 'col', text: x })))),
    h('tbody', {}, rows.map((r) => h('tr', {}, r.map((x, i) => (i === 0
      ? h('th', { scope: 'row', text: x }) : h('td', { text: x }))))))));
}

function section(title, ...children) {
  return h('section', { class: 'part' }, title ? h('h3', { text: title }) : null, ...children);
}

// The segments of the combat's stacked bar, in the order of the issue: wins by breaking,
// destroying, catching; draw-and-continue (unresolved) and no combat; loses.
function combatSegments(a) {
  const o = a.outcomes, L = a.page.labels;
  const seg = (code, colour, dark) => ({ label: L[code] || code, p: o[code], colour, dark });
  return [
    seg('defender_escaped', COLOURS.attacker[1], false),
    seg('defender_wiped', COLOURS.attacker[2], true),
    seg('defender_caught', COLOURS.attacker[0], true),
    seg('unresolved', COLOURS.neutral[0], false),
    seg('no_combat', COLOURS.neutral[1], false),
    seg('attacker_caught', COLOURS.defender[0], true),
    seg('attacker_wiped', COLOURS.defender[2], true),
    seg('attacker_escaped', COLOURS.defender[1], false),
  ];
}

function legend(segments, lang, withShare = true) {
  return h('ul', { class: 'legend' }, segments.filter((x) => x.p > 0).map((x) => h('li', {},
    swatch(x.colour), withShare ? `${x.label}: ${pct(x.p, lang)}` : x.label)));
}

function swatch(colour) {
  const svg = s('svg', { viewBox: '0 0 12 12', width: 12, height: 12, class: 'swatch', 'aria-hidden': 'true' });
  svg.append(s('rect', { width: 12, height: 12, fill: colour }));
  return svg;
}

// Two units with characters: the scenario answer (sides, every unit and character).
function renderScenario(a, lang) {
  const n = a.page.names, L = a.page.labels, B = a.page.bodies;
  const neither = Math.max(0, 1 - a.p_attacker_wins - a.p_defender_wins);
  const segs = [
    { label: `${n.attacker}: ${t(lang, 'sc_wins')}`, p: a.p_attacker_wins, colour: COLOURS.attacker[0], dark: true },
    { label: t(lang, 'cmp_unresolved'), p: neither, colour: COLOURS.neutral[0], dark: false },
    { label: `${n.defender}: ${t(lang, 'sc_wins')}`, p: a.p_defender_wins, colour: COLOURS.defender[0], dark: true },
  ];
  const parts = [h('p', { class: 'headline', id: 'headline', text: a.headline }),
    h('p', { class: 'small', text: a.page.small_print }),
    h('p', { class: 'help', text: t(lang, 'sc_note') })];
  parts.push(section(t(lang, 'final'),
    stackedBar(segs, t(lang, 'chart_title'), (p) => pct(p, lang)), legend(segs, lang),
    table(t(lang, 'sc_sides'), [t(lang, 'sc_side'), t(lang, 'sc_wins'), t(lang, 'sc_broken'), t(lang, 'sc_destroyed')],
      ['attacker', 'defender'].map((side) => [n[side], pct(a.sides[side].p_wins, lang),
        pct(a.sides[side].p_broken, lang), pct(a.sides[side].p_destroyed, lang)]), 'outcomes')));
  const cols = ['won', 'escaped', 'caught', 'wiped', 'unresolved'];
  parts.push(section(t(lang, 'sc_bodies'), table(t(lang, 'sc_bodies'), [t(lang, 'unit'), ...cols.map((c) => L[c] || c)],
    Object.entries(a.units).map(([id, o]) => [B[id] || id, ...cols.map((c) => pct(o[c], lang))]), 'bodies')));
  parts.push(section(t(lang, 'first_round'),
    table(t(lang, 'first_round'), [t(lang, 'outcome'), t(lang, 'monte_carlo'), t(lang, 'stderr'), t(lang, 'exact')],
      a.page.first_round_table.map((r) => [L[r.outcome] || r.outcome, pct(r.probability, lang),
        se(r.stderr, lang), pct(r.exact, lang)]), 'first-round')));
  const terms = a.terms;
  const names = Object.keys(terms.attacker || {}).filter((k) => (terms.attacker[k] || 0) + (terms.defender?.[k] || 0) > 0);
  parts.push(section(t(lang, 'working'), ...steps(a, lang),
    h('h4', { text: t(lang, 'sc_terms') }),
    table(t(lang, 'sc_terms'), ['', n.attacker, n.defender],
      names.map((k) => [t(lang, `term_${k}`), num(terms.attacker[k], lang), num(terms.defender?.[k], lang)]), 'terms'),
    h('p', { class: 'help', text: t(lang, 'sc_no_steps') })));
  if (a.challenge && a.challenge.p_issued > 0) {
    parts.push(h('p', { text: t(lang, 'sc_challenge', { issued: pct(a.challenge.p_issued_r1, lang), wins: pct(a.challenge.p_challenger_wins, lang) }) }));
  }
  if (a.page.warnings.length) {
    parts.push(section(t(lang, 'warnings'), h('ul', { class: 'warnings' },
      a.page.warnings.map((w) => h('li', { text: w })))));
  }
  return parts;
}

// The chosen characters' notes (what their import left out or approximated).
function characterNotes(notes, lang) {
  return notes.length ? [section(t(lang, 'char_warnings'), h('ul', { class: 'warnings characters' },
    notes.map((w) => h('li', { text: w }))))] : [];
}

export function renderCombat(a, lang, openCell, notes = []) {
  if (a.page.kind === 'scenario') return [...renderScenario(a, lang), ...characterNotes(notes, lang)];
  const L = a.page.labels;
  const segs = combatSegments(a);
  const parts = [];
  parts.push(h('p', { class: 'headline', id: 'headline', text: a.headline }));
  parts.push(h('p', { class: 'small', text: a.page.small_print }));
  parts.push(section(t(lang, 'final'),
    stackedBar(segs, t(lang, 'chart_title'), (p) => pct(p, lang)),
    legend(segs, lang),
    table(t(lang, 'final'), [t(lang, 'outcome'), t(lang, 'monte_carlo'), t(lang, 'stderr')],
      a.page.outcome_table.filter((r) => r.probability > 0 || r.outcome !== 'no_combat')
        .map((r) => [L[r.outcome] || r.outcome, pct(r.probability, lang), se(r.stderr, lang)]),
      'outcomes')));
  parts.push(section(t(lang, 'first_round'),
    table(t(lang, 'first_round'), [t(lang, 'outcome'), t(lang, 'monte_carlo'), t(lang, 'stderr'), t(lang, 'exact')],
      a.page.first_round_table.map((r) => [L[r.outcome] || r.outcome, pct(r.probability, lang),
        se(r.stderr, lang), pct(r.exact, lang)]), 'first-round')));
  parts.push(section(t(lang, 'units'), working(a, lang)));
  parts.push(section(t(lang, 'working'), ...steps(a, lang)));
  parts.push(section(t(lang, 'at_least'), ...atLeast(a, lang)));
  parts.push(section(t(lang, 'by_round'), byRound(a, lang)));
  if (a.warnings.length) {
    parts.push(section(t(lang, 'warnings'), h('ul', { class: 'warnings' },
      a.warnings.map((w) => h('li', { text: w })))));
  }
  return parts;
}

function working(a, lang) {
  const u = a.page.units, n = a.page.names, ew = a.page.expected_wounds_r1;
  const save = (x) => (x >= 7 ? '—' : `${x}+`);
  const rows = [
    [t(lang, 'models'), u.attacker.models, u.defender.models],
    [t(lang, 'files'), u.attacker.files, u.defender.files],
    [t(lang, 'ranks'), u.attacker.ranks, u.defender.ranks],
    [t(lang, 'rank_bonus'), u.attacker.rank_bonus, u.defender.rank_bonus],
    [t(lang, 'us'), u.attacker.unit_strength, u.defender.unit_strength],
    [t(lang, 'save'), save(u.attacker.armour_save), save(u.defender.armour_save)],
    [t(lang, 'ward'), save(u.attacker.ward_save || 7), save(u.defender.ward_save || 7)],
    [t(lang, 'points'), num(u.attacker.points, lang, 0), num(u.defender.points, lang, 0)],
    [`${t(lang, 'expected')} (${t(lang, 'monte_carlo')})`,
      num(ew.attacker?.monte_carlo, lang), num(ew.defender?.monte_carlo, lang)],
    [`${t(lang, 'expected')} (${t(lang, 'exact')})`,
      num(ew.attacker?.exact, lang, 3), num(ew.defender?.exact, lang, 3)],
  ];
  return table(t(lang, 'units'), ['', n.attacker, n.defender], rows, 'working');
}

// Round 1 step by step: every number comes from the server (the engine's own working).
// One table per side, read from top to bottom as one works a round out by hand.
function steps(a, lang) {
  const wk = a.page.working, n = a.page.names;
  if (!wk) return [];
  const out = [];
  const roll = (x) => (x === 0 ? t(lang, 'auto') : x >= 7 ? t(lang, 'never') : `${x}+`);
  const chance = (need, p) => (need === 0 || need >= 7 ? roll(need) : `${roll(need)} (${pct(p, lang)})`);
  const saveChance = (need, p) => (need >= 7 ? '—' : chance(need, p));  // no save at all
  const heading = (text) => h('h4', { text });
  if (wk.groups && wk.groups.length) {
    out.push(heading(t(lang, 'wk_steps')));
    for (const side of ['attacker', 'defender']) {
      const gs = wk.groups.filter((g) => g.side === side);
      if (!gs.length) continue;
      const rows = [
        [t(lang, 'wk_attacks'), ...gs.map((g) => num(g.attacks, lang))],
        [t(lang, 'wk_hit'), ...gs.map((g) => chance(g.to_hit, g.p_hit))],
        [`= ${t(lang, 'wk_hits')}`, ...gs.map((g) => num(g.hits, lang))],
        [t(lang, 'wk_wound'), ...gs.map((g) => chance(g.to_wound, g.p_wound))],
        [`= ${t(lang, 'wk_wounds')}`, ...gs.map((g) => num(g.wounds, lang))],
        [t(lang, 'wk_save'), ...gs.map((g) => saveChance(g.armour_save, g.p_armour_save))],
        [`− ${t(lang, 'wk_saved')}`, ...gs.map((g) => num(g.armour_saves, lang))],
      ];
      if (gs.some((g) => g.ward_save < 7)) {  // the ward rows only where the enemy has one
        rows.push([t(lang, 'wk_ward'), ...gs.map((g) => saveChance(g.ward_save, g.p_ward_save))],
          [`− ${t(lang, 'wk_warded')}`, ...gs.map((g) => num(g.ward_saves, lang))]);
      }
      rows.push([`= ${t(lang, 'wk_unsaved')}`, ...gs.map((g) => num(g.unsaved, lang))]);
      // with characters, each column is one body's group against one target
      const head = (g) => (g.body === undefined ? t(lang, `g_${g.group}`)
        : `${g.body} (${t(lang, `g_${g.group}`)}) → ${g.target}`);
      const title = t(lang, 'wk_side', { unit: n[side] });
      out.push(h('p', { class: `side-title side-title-${side}`, text: title }),
        table(title, [t(lang, 'wk_group'), ...gs.map(head)], rows, `steps steps-${side}`));
    }
    out.push(h('p', { class: 'help', text: t(lang, wk.lost_exact === undefined ? 'wk_steps_bodies' : 'wk_steps_help') }));
  }
  if (wk.lost_exact === undefined) return out;  // with characters: the Monte Carlo terms follow
  const lost = wk.lost_exact;
  out.push(heading(t(lang, 'wk_lost')));
  out.push(lost
    ? table(t(lang, 'wk_lost'), ['', n.attacker, n.defender], [
      [t(lang, 'wk_lost_wounds'), num(lost.attacker.wounds, lang, 3), num(lost.defender.wounds, lang, 3)],
      [t(lang, 'wk_lost_models'), num(lost.attacker.models, lang, 3), num(lost.defender.models, lang, 3)]], 'lost')
    : h('p', { class: 'help', text: t(lang, 'wk_none') }));
  const terms = wk.terms || {};
  const names = Object.keys(terms.attacker || {}).filter((k) => (terms.attacker[k] || 0) + (terms.defender?.[k] || 0) > 0);
  const total = (side) => names.reduce((x, k) => x + (terms[side]?.[k] || 0), 0);
  out.push(heading(t(lang, 'wk_terms')));
  out.push(table(t(lang, 'wk_terms'), ['', n.attacker, n.defender],
    [...names.map((k) => [t(lang, `term_${k}`), num(terms.attacker[k], lang), num(terms.defender?.[k], lang)]),
      [t(lang, 'wk_total'), num(total('attacker'), lang), num(total('defender'), lang)]], 'terms'));
  return out;
}

function tail(rows, key) {
  // P(X >= k) from a distribution: the sum of the probabilities from k up.
  const sorted = [...rows].sort((x, y) => x.wounds - y.wounds);
  let acc = 0;
  const out = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    acc += sorted[i][key] ?? NaN;
    out.unshift([sorted[i].wounds, Math.min(1, acc)]);
  }
  return out;
}

function atLeast(a, lang) {
  const w = a.page.wounds_r1, n = a.page.names;
  const sides = ['attacker', 'defender'].map((side) => {
    const rows = w.filter((r) => r.side === side);
    return { side, mc: tail(rows, 'probability'), ex: tail(rows, 'exact') };
  });
  const chart = curves(sides.map((x) => ({ label: n[x.side], colour: COLOURS[x.side][0],
    points: x.mc.filter((pt) => pt[0] >= 1) })), t(lang, 'at_least'), t(lang, 'casualties'));
  const key = legend(sides.map((x) => ({ label: n[x.side], colour: COLOURS[x.side][0], p: 1 })), lang, false);
  const maxN = Math.max(...sides.map((x) => x.mc.length));
  const rows = [];
  for (let k = 1; k < maxN; k++) {
    const row = [`≥ ${k}`];
    for (const x of sides) {
      const m = x.mc.find((pt) => pt[0] === k), e = x.ex.find((pt) => pt[0] === k);
      row.push(m ? pct(m[1], lang) : '0 %', e && !Number.isNaN(e[1]) ? pct(e[1], lang) : '—');
    }
    if (row.slice(1).every((c) => c === '0 %' || c === '—')) break;
    rows.push(row);
  }
  const head = [t(lang, 'casualties')];
  for (const x of sides) head.push(`${n[x.side]}: ${t(lang, 'monte_carlo')}`, `${n[x.side]}: ${t(lang, 'exact')}`);
  return [chart, key, table(t(lang, 'at_least'), head, rows, 'at-least')];
}

function byRound(a, lang) {
  const n = a.page.names, L = a.page.labels;
  const rounds = {};
  for (const r of a.page.by_round) (rounds[r.round] ||= {})[r.event] = r.probability;
  const rows = Object.entries(rounds).filter(([, e]) => e.fought > 0.0005)
    .map(([k, e]) => [k, pct(e.fought, lang), pct(e.attacker_breaks, lang), pct(e.defender_breaks, lang)]);
  return table(t(lang, 'by_round'), [t(lang, 'round'), t(lang, 'fought'),
    L.attacker_breaks || n.attacker, L.defender_breaks || n.defender], rows, 'by-round');
}

const OUTCOME_COLOURS = { caught: COLOURS.attacker[0], escaped: COLOURS.defender[1],
  off_table: COLOURS.neutral[0] };

export function renderOutcomes(a, lang) {
  const L = a.page.labels;
  const rows = a.page.table;
  const parts = [h('p', { class: 'headline', id: 'headline', text: a.headline }),
    h('p', { class: 'small', text: a.page.small_print })];
  if (rows.length && rows[0].turn === undefined) {
    const segs = rows.map((r) => ({ label: L[r.outcome] || r.outcome, p: r.probability,
      colour: OUTCOME_COLOURS[r.outcome] || COLOURS.neutral[1], dark: r.outcome === 'caught' }));
    parts.push(section(null,
      stackedBar(segs, t(lang, 'catch_table'), (p) => pct(p, lang)), legend(segs, lang),
      table(t(lang, 'catch_table'), [t(lang, 'outcome'), t(lang, 'monte_carlo'), t(lang, 'stderr'), t(lang, 'exact')],
        rows.map((r) => [L[r.outcome] || r.outcome, pct(r.probability, lang), se(r.stderr, lang), pct(r.exact, lang)]), 'outcomes')));
  } else {
    parts.push(section(null,
      table(t(lang, 'catch_table'), [t(lang, 'outcome'), t(lang, 'monte_carlo'), t(lang, 'stderr'), t(lang, 'exact')],
        rows.map((r) => [`${t(lang, 'turn')} ${r.turn}: ${L[r.outcome] || r.outcome}`, pct(r.probability, lang), se(r.stderr, lang), pct(r.exact, lang)]), 'outcomes')));
  }
  return parts;
}

// Charged: hold or flee, side by side from the target's view.
export function renderHold(a, lang) {
  const n = a.page.names;
  const cell = (p, e) => (p === null || p === undefined ? '—'
    : e === null || e === undefined ? pct(p, lang) : `${pct(p, lang)} (${t(lang, 'exact').toLowerCase()} ${pct(e, lang)})`);
  const rows = a.table.map((r) => [t(lang, `hf_${r.outcome}`), cell(r.hold, r.hold_exact), cell(r.flee, r.flee_exact)]);
  return [
    h('p', { class: 'headline', id: 'headline', text: t(lang, 'hf_question', { target: n.defender, charger: n.attacker }) }),
    h('p', { class: 'small', text: a.page.small_print }),
    section(null, table(t(lang, 'view_hold'), [n.defender, t(lang, 'hf_hold'), t(lang, 'hf_flee')], rows, 'outcomes hold')),
    section(t(lang, 'hf_hold'), h('p', { text: a.hold.headline })),
    section(t(lang, 'hf_flee'), h('p', { text: a.flee.headline }), h('p', { text: a.rally.headline })),
  ];
}

// Variants of one combat side by side: the same measures, one column per variant.
export function renderCompare(a, lang) {
  const vs = a.variants;
  const col = (f) => vs.map((v) => f(v));
  const alias = { attacker_wins: 'side0_wins', defender_wins: 'side1_wins' };  // a scenario's words
  const fr = (v, key) => v.page.first_round_table.find((r) => r.outcome === key || r.outcome === alias[key]) || {};
  // who attacks and who defends in each variant: a variant may swap the charge
  const who = (v, side) => (v.page.names && v.page.names[side]) || '—';
  const rows = [
    [t(lang, 'cmp_attacker'), ...col((v) => who(v, 'attacker'))],
    [t(lang, 'cmp_defender'), ...col((v) => who(v, 'defender'))],
    [t(lang, 'cmp_attacker_wins'), ...col((v) => `${pct(v.p_attacker_wins, lang)}`)],
    [t(lang, 'cmp_defender_wins'), ...col((v) => `${pct(v.p_defender_wins, lang)}`)],
    [t(lang, 'cmp_unresolved'), ...col((v) => pct(v.outcomes ? v.outcomes.unresolved : 1 - v.p_attacker_wins - v.p_defender_wins, lang))],
    [t(lang, 'cmp_round1_attacker'), ...col((v) => `${pct(fr(v, 'attacker_wins').probability, lang)} (${t(lang, 'exact').toLowerCase()} ${pct(fr(v, 'attacker_wins').exact, lang)})`)],
    [t(lang, 'cmp_round1_defender'), ...col((v) => `${pct(fr(v, 'defender_wins').probability, lang)} (${t(lang, 'exact').toLowerCase()} ${pct(fr(v, 'defender_wins').exact, lang)})`)],
    [t(lang, 'cmp_wounds_attacker'), ...col((v) => num(v.page.expected_wounds_r1 ? v.page.expected_wounds_r1.attacker?.monte_carlo : v.terms?.attacker?.wounds, lang))],
    [t(lang, 'cmp_wounds_defender'), ...col((v) => num(v.page.expected_wounds_r1 ? v.page.expected_wounds_r1.defender?.monte_carlo : v.terms?.defender?.wounds, lang))],
  ];
  const head = ['', ...vs.map((_, i) => (a.names && a.names[i]) || `${t(lang, 'variant')} ${i + 1}`)];
  return [
    h('p', { class: 'headline', id: 'headline', text: t(lang, 'cmp_title', { n: vs.length }) }),
    h('p', { class: 'small', text: vs[0] ? vs[0].page.small_print : '' }),
    section(null, table(t(lang, 'view_compare'), head, rows, 'outcomes compare')),
    section(null, h('ol', { class: 'headlines' }, vs.map((v, i) => h('li', {},
      a.names ? h('strong', { text: `${a.names[i]} — ` }) : null, v.headline)))),
  ];
}

// Emergence: the engine's landing picture, and the outcome table beside it.
export function renderEmerge(a, lang) {
  const word = (code) => {
    const [kind, unit, face] = code.split(':');
    if (kind === 'under_enemy') return t(lang, 'em_under', { unit, face: t(lang, `face_${face}`) });
    return t(lang, `em_${code}`);
  };
  const rows = a.page.table.filter((r) => r.probability > 0 || r.exact > 0 || !r.outcome.startsWith('under_enemy'))
    .map((r) => [word(r.outcome), pct(r.probability, lang), se(r.stderr, lang), pct(r.exact, lang)]);
  return [
    h('p', { class: 'headline', id: 'headline', text: a.headline }),
    h('p', { class: 'small', text: a.page.small_print }),
    // on a phone the picture keeps a legible width and slides sideways in its region
    section(null, h('div', { class: 'scroll picture-scroll', tabindex: 0, role: 'region', 'aria-label': t(lang, 'em_picture') },
      h('img', { class: 'picture', src: `data:image/png;base64,${a.page.picture_png}`, alt: t(lang, 'em_picture') })),
    h('p', { class: 'help phone-only', text: t(lang, 'em_slide') })),
    section(null, table(t(lang, 'catch_table'), [t(lang, 'outcome'), t(lang, 'monte_carlo'), t(lang, 'stderr'), t(lang, 'exact')], rows, 'outcomes')),
  ];
}

// Matchup matrix: one heatmap per charge, with the same numbers in a table whose cells open
// that combat.  The colour runs from light (list A rarely wins) to dark blue (A wins).
export function renderMatrix(a, lang, openCell) {
  const parts = [h('p', { class: 'headline', id: 'headline', text: a.headline }),
    h('p', { class: 'small', text: a.page.small_print })];
  const ua = a.page.units.a, ub = a.page.units.b;
  const byCharger = {};
  for (const c of a.cells) (byCharger[c.charger] ||= []).push(c);
  for (const [who, cells] of Object.entries(byCharger)) {
    const title = `${t(lang, 'mx_p_a_wins')}, ${t(lang, 'charger').toLowerCase()}: ${t(lang, 'mx_charger_' + who)}`;
    const cell = (x, y) => cells.find((c) => c.unit_a === x && c.unit_b === y);
    const size = 44, left = 160, top = 90;
    const w = left + size * ub.length + 10, hgt = top + size * ua.length + 10;
    const svg = s('svg', { viewBox: `0 0 ${w} ${hgt}`, width: w, height: hgt,
      role: 'img', class: 'chart heatmap', 'aria-label': title, xmlns: 'http://www.w3.org/2000/svg' });
    svg.append(s('title', { text: title }));
    ub.forEach((y, j) => svg.append(s('text', { x: left + size * j + size / 2, y: top - 6, 'font-size': 11,
      transform: `rotate(-40 ${left + size * j + size / 2} ${top - 6})`, text: y })));
    ua.forEach((x, i) => {
      svg.append(s('text', { x: left - 6, y: top + size * i + size / 2 + 4, 'text-anchor': 'end', 'font-size': 11, text: x }));
      ub.forEach((y, j) => {
        const c = cell(x, y);
        if (!c) return;
        const p = c.p_a_wins;
        const shade = Math.round(245 - 200 * p);
        svg.append(s('rect', { x: left + size * j, y: top + size * i, width: size - 2, height: size - 2,
          fill: `rgb(${Math.round(shade * 0.6)}, ${Math.round(shade * 0.8)}, ${Math.min(255, shade + 40)})` }));
        svg.append(s('text', { x: left + size * j + size / 2 - 1, y: top + size * i + size / 2 + 4,
          'text-anchor': 'middle', 'font-size': 11, fill: p > 0.55 ? '#ffffff' : '#000000', text: pct(p, lang).replace(' %', '') }));
      });
    });
    const head = [t(lang, 'mx_corner'), ...ub];
    const body = ua.map((x) => [x, ...ub.map((y) => cell(x, y))]);
    const tbl = h('table', { class: 'matrix' }, h('caption', { text: title }),
      h('thead', {}, h('tr', {}, head.map((x) => h('th', { scope: 'col', text: x })))),
      h('tbody', {}, body.map((r) => h('tr', {}, h('th', { scope: 'row', text: r[0] }),
        r.slice(1).map((c) => h('td', {}, c ? h('button', { type: 'button', class: 'cell',
          'aria-label': `${c.unit_a} / ${c.unit_b}: ${pct(c.p_a_wins, lang)}`, text: pct(c.p_a_wins, lang),
          onclick: () => openCell(c) }) : '—'))))));
    parts.push(section(title, svg, h('div', { class: 'scroll', tabindex: 0, role: 'region', 'aria-label': title }, tbl)));
  }
  if (a.warnings.length) parts.push(section(t(lang, 'warnings'), h('ul', {}, a.warnings.map((w) => h('li', { text: w })))));
  return parts;
}

// The main table of an answer as CSV (the columns the CLI's --format csv prints).
export function answerCsv(view, a) {
  const rows = view === 'combat' ? (a.page.outcome_table || a.page.sides_table) : view === 'hold' ? a.table
    : view === 'matrix' ? a.cells
    : view === 'compare' ? a.variants.map((v, i) => ({ variant: i + 1, name: (a.names || [])[i] || '', headline: v.headline,
      p_attacker_wins: v.p_attacker_wins, p_defender_wins: v.p_defender_wins, seed: v.seed, trials: v.trials }))
      : a.page.table;
  if (!rows.length) return '';
  const cols = Object.keys(rows[0]);
  const cell = (v) => (v === null || v === undefined ? '' : /[",\n]/.test(String(v))
    ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return [cols.join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}
