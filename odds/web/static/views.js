// What each view asks: its fields (name, kind, range, default) and how they make a request.
// The page holds no game logic: it only collects inputs and sends them to the server.

const CMDS = ['none', 'full', 'champion', 'standard', 'musician', 'champion,standard',
  'champion,musician', 'standard,musician'];

export const SIDES = ['attacker', 'defender'];

// Fields of one unit, per side; the URL key is the side's letter and the field ("a.models").
export const UNIT_FIELDS = [
  { name: 'book', kind: 'book', def: 'builtin' },
  { name: 'unit', kind: 'unit', def: '' },
  { name: 'models', kind: 'number', min: 1, max: 200, def: '' },
  { name: 'files', kind: 'number', min: 1, max: 50, def: '' },
  { name: 'command', kind: 'select', options: CMDS, def: 'none', label: (v) => 'cmd_' + v.replace(',', '_') },
  { name: 'upgrades', kind: 'upgrades', def: '' },
  { name: 'data', kind: 'data', def: '' },
  { name: 'chars', kind: 'chars', def: '' },
  { name: 'challenge', kind: 'select', options: ['always', 'champion', 'never'], def: 'always', label: (v) => 'challenge_' + v, chars: true },
  { name: 'allocation', kind: 'select', options: ['troops', 'character', 'split'], def: 'troops', label: (v) => 'allocation_' + v, chars: true },
  { name: 'bonus', kind: 'number', min: -10, max: 10, def: 0 },
  { name: 'high_ground', kind: 'check', def: false },
  { name: 'bsb', kind: 'check', def: false },
  { name: 'general_ld', kind: 'number', min: 0, max: 10, def: 0 },
];

export const VIEWS = {
  combat: {
    trials: 200000,
    fields: [
      { name: 'charger', kind: 'select', options: ['attacker', 'defender', 'none'], def: 'attacker', label: (v) => 'charger_' + v },
      { name: 'attacker_face', kind: 'select', options: ['front', 'flank', 'rear'], def: 'front', label: (v) => 'face_' + v, i18n: 'face' },
      { name: 'distance', kind: 'number', min: 0, max: 500, step: 'any', def: 10 },
      { name: 'max_rounds', kind: 'number', min: 1, max: 50, def: 10 },
      { name: 'expand_frontage', kind: 'check', def: true, group: 'rules' },
      { name: 'charge_tests', kind: 'check', def: true, group: 'rules' },
      { name: 'corner_contact', kind: 'check', def: true, group: 'rules' },
      { name: 'musician_tiebreak', kind: 'check', def: true, group: 'rules' },
      { name: 'insane_courage', kind: 'check', def: false, group: 'rules' },
      { name: 'restrain_pursuit', kind: 'check', def: false, group: 'rules' },
    ],
  },
  hold: {
    trials: 200000,
    fields: [
      { name: 'distance', kind: 'number', min: 0, max: 500, step: 'any', def: 15 },
      { name: 'edge_distance', kind: 'number', min: 0, max: 500, step: 'any', def: '' },
      { name: 'target_flies', kind: 'check', def: false },
      { name: 'attacker_face', kind: 'select', options: ['front', 'flank', 'rear'], def: 'front', label: (v) => 'face_' + v, i18n: 'face' },
      { name: 'max_rounds', kind: 'number', min: 1, max: 50, def: 10 },
      { name: 'expand_frontage', kind: 'check', def: true, group: 'rules' },
      { name: 'charge_tests', kind: 'check', def: true, group: 'rules' },
      { name: 'corner_contact', kind: 'check', def: true, group: 'rules' },
      { name: 'musician_tiebreak', kind: 'check', def: true, group: 'rules' },
      { name: 'insane_courage', kind: 'check', def: false, group: 'rules' },
      { name: 'restrain_pursuit', kind: 'check', def: false, group: 'rules' },
    ],
  },
  compare: { trials: 200000, fields: [] },
  matrix: {
    trials: 20000,
    fields: [
      { name: 'points', kind: 'number', min: 1, max: 10000, step: 'any', def: '', i18n: 'mx_points' },
      { name: 'charger', kind: 'select', options: ['both', 'a', 'b', 'none'], def: 'both', label: (v) => 'mx_charger_' + v, i18n: 'charger' },
      { name: 'max_rounds', kind: 'number', min: 1, max: 50, def: 10 },
    ],
  },
  emerge: {
    trials: 200000,
    fields: [
      { name: 'table_width', kind: 'number', min: 10, max: 500, step: 'any', def: '' },
      { name: 'table_depth', kind: 'number', min: 10, max: 500, step: 'any', def: '' },
      { name: 'marker_x', kind: 'number', min: 0, max: 500, step: 'any', def: '' },
      { name: 'marker_y', kind: 'number', min: 0, max: 500, step: 'any', def: '' },
      { name: 'scale', kind: 'select', options: ['', '2.5', '2', '1'], def: '', label: (v) => 'scale_' + (v || 'default').replace('.', '_') },
    ],
  },
  charge: {
    trials: 1000000,
    fields: [
      { name: 'charger_move', kind: 'number', min: 0, max: 100, step: 'any', def: 18 },
      { name: 'target_move', kind: 'number', min: 0, max: 100, step: 'any', def: 10 },
      { name: 'distance', kind: 'number', min: 0, max: 500, step: 'any', def: 20 },
      { name: 'edge_distance', kind: 'number', min: 0, max: 500, step: 'any', def: '' },
      { name: 'difficult', kind: 'number', min: 0, max: 500, step: 'any', def: 0 },
      { name: 'wheel', kind: 'number', min: 0, max: 500, step: 'any', def: 0 },
      { name: 'target_flies', kind: 'check', def: false },
    ],
  },
  pursue: {
    trials: 1000000,
    fields: [
      { name: 'pursuer_move', kind: 'number', min: 0, max: 100, step: 'any', def: 20 },
      { name: 'fleer_move', kind: 'number', min: 0, max: 100, step: 'any', def: 10 },
      { name: 'edge_distance', kind: 'number', min: 0, max: 500, step: 'any', def: '' },
      { name: 'pursuer_flies', kind: 'check', def: false },
      { name: 'fleer_flies', kind: 'check', def: false },
    ],
  },
  flee: {
    trials: 1000000,
    fields: [
      { name: 'move', kind: 'number', min: 0, max: 100, step: 'any', def: 10 },
      { name: 'edge_distance', kind: 'number', min: 0, max: 500, step: 'any', def: 40, i18n: 'edge_distance_req' },
      { name: 'ld', kind: 'number', min: 2, max: 10, def: 7 },
      { name: 'turns', kind: 'number', min: 1, max: 20, def: 3 },
      { name: 'models', kind: 'number', min: 1, max: 1000, def: '', i18n: 'models_left' },
      { name: 'starting_models', kind: 'number', min: 1, max: 1000, def: '' },
      { name: 'flies', kind: 'check', def: false },
      { name: 'musician', kind: 'check', def: false },
    ],
  },
};

function num(text) {
  if (text === '' || text === null || text === undefined) return null;
  const x = Number(text);
  return Number.isFinite(x) ? x : text;  // a non-number goes to the server, which names it
}

function value(field, text) {
  if (field.kind === 'check') return text === '1' || text === 'true' || text === true;
  if (field.kind === 'number') return num(text);
  return text;
}

// A unit by value (an uploaded one) travels in the link as base64url JSON.
export function encodeUnit(data) {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeUnit(text) {
  try {
    const bin = atob(String(text).replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
  } catch (e) {
    return { not_a_unit: String(text).slice(0, 40) };
  }
}

// A character chosen on the page: {src, key, up, data} (data: by value, the TOML schema of
// odds.characters); a link made before sources were kept holds the character alone.
export function charEntry(x) {
  return x && x.data && typeof x.data === 'object' ? x : { src: null, key: x && x.name, up: [], data: x };
}

export function hasUnits(view) {
  return view === 'combat' || view === 'hold';
}

// The JSON body of a request from the flat state (the URL's keys and values).
export function requestBody(view, state) {
  const body = { trials: num(state.trials) ?? VIEWS[view].trials, lang: state.lang };
  const seed = num(state.seed);
  if (seed !== null) body.seed = seed;
  for (const f of VIEWS[view].fields) {
    const v = value(f, state[f.name] ?? f.def);
    if (v !== null && v !== '') body[f.name] = v;
  }
  if (view === 'matrix') {
    for (const k of ['list_a', 'list_b']) {
      const list = state[k] ? decodeUnit(state[k]) : [];
      body[k] = Array.isArray(list) ? list.map((u) => ({ unit: u.name, data: u.data })) : [];
    }
  }
  if (view === 'emerge' && state.scenario) body.scenario = decodeUnit(state.scenario).text;
  if (body.scale === '') delete body.scale;
  if (hasUnits(view)) {
    for (const side of SIDES) {
      const p = side[0] + '.';
      const unit = { book: state[p + 'book'] || 'builtin', unit: state[p + 'unit'] || '' };
      for (const k of ['models', 'files']) {
        const v = num(state[p + k]);
        if (v !== null) unit[k] = v;
      }
      unit.command = state[p + 'command'] || 'none';
      if (state[p + 'data']) unit.data = decodeUnit(state[p + 'data']);
      unit.upgrades = (state[p + 'upgrades'] || '').split('|').filter(Boolean);
      const chars = view === 'combat' && state[p + 'chars'] ? decodeUnit(state[p + 'chars']) : [];
      if (Array.isArray(chars) && chars.length) unit.characters = chars.map((c) => charEntry(c).data);
      body[side] = unit;
      body[side + '_side'] = {
        bonus: num(state[p + 'bonus']) ?? 0,
        high_ground: value({ kind: 'check' }, state[p + 'high_ground'] ?? false),
        bsb: value({ kind: 'check' }, state[p + 'bsb'] ?? false),
        general_ld: num(state[p + 'general_ld']) ?? 0,
        challenge: state[p + 'challenge'] || 'always',
        allocation: state[p + 'allocation'] || 'troops',
      };
    }
  }
  return body;
}
