// The page: the form of the current view, the state in the link, jobs with progress and cancel.
import { clear, download, fold, h } from './dom.js';
import { pickLang, t, translatePage } from './i18n.js';
import { answerCsv, renderCombat, renderCompare, renderEmerge, renderHold, renderMatrix, renderOutcomes } from './render.js';
import { charEntry, decodeUnit, encodeUnit, hasUnits, requestBody, SIDES, UNIT_FIELDS, VIEWS } from './views.js';
import { variantNames } from './variants.js';

const $ = (id) => document.getElementById(id);
const SIDE_KEYS = new Set(UNIT_FIELDS.map((f) => f.name));

let info = { version: '', books: [] };
let state = {};
let job = null;         // {id, view, timer}
let answer = null;      // the last answer shown
let debounce = null;
let scrollToAnswer = false;  // a pressed "Work out" button shows the answer (below the form on a phone)
const unitCache = new Map();
const charCache = new Map();   // book id -> characters by value (a roster's)
const uploadFiles = new Map(); // upload book id -> {name, bytes}: kept in the page, sent again for options
const FILTER_AT = 8;           // a list of options this long gets a filter box

function knownKeys(view) {
  const keys = new Set(['view', 'lang', 'trials', 'seed', 'ver', 'data', 'cmp', 'scenario', 'list_a', 'list_b']);
  for (const f of VIEWS[view].fields) keys.add(f.name);
  if (hasUnits(view)) for (const side of SIDES) for (const k of SIDE_KEYS) keys.add(`${side[0]}.${k}`);
  return keys;
}

function readLink() {
  const q = new URLSearchParams(location.search);
  const view = VIEWS[q.get('view')] ? q.get('view') : 'combat';
  const keys = knownKeys(view);
  const out = { view };
  for (const [k, v] of q) if (keys.has(k)) out[k] = v;   // unknown parameters are ignored
  if (out.lang !== 'en' && out.lang !== 'es') out.lang = pickLang();
  return out;
}

function linkFor(st) {
  const q = new URLSearchParams();
  const keys = knownKeys(st.view);
  for (const [k, v] of Object.entries(st)) {
    if (keys.has(k) && v !== '' && v !== null && v !== undefined) q.set(k, String(v));
  }
  q.set('ver', info.version);
  if (hasUnits(st.view)) {
    const data = SIDES.map((side) => st[`${side[0]}.book`] || 'builtin');
    q.set('data', data.join(','));
  }
  return `${location.origin}${location.pathname}?${q}`;
}

function writeLink() {
  const url = linkFor(state);
  const notice = $('link-notice');
  if (notice) notice.hidden = url.length <= 8000;
  history.replaceState(null, '', url);
  $('link').value = url;
}

// ---------- the form ----------

function label(key, control, cls = 'field') {
  return h('label', { class: cls }, h('span', { text: t(state.lang, key) }), control);
}

function control(f, key) {
  const v = state[key] ?? f.def;
  if (f.kind === 'check') {
    const box = h('input', { type: 'checkbox', name: key, id: `f-${key}`, checked: v === true || v === '1' || v === 'true' });
    return h('label', { class: 'check' }, box, h('span', { text: t(state.lang, f.i18n || f.name) }));
  }
  if (f.kind === 'select') {
    const sel = h('select', { name: key, id: `f-${key}` },
      f.options.map((o) => h('option', { value: o, text: t(state.lang, f.label(o)), selected: String(v) === o })));
    return label(f.i18n || f.name, sel);
  }
  const input = h('input', { type: 'number', name: key, id: `f-${key}`, min: f.min, max: f.max,
    step: f.step || 1, value: v === null ? '' : v, inputmode: f.step === 'any' ? 'decimal' : 'numeric' });
  return label(f.i18n || f.name, input);
}

function unitPicker(side) {
  const p = side[0] + '.';
  const book = h('select', { name: p + 'book', id: `f-${p}book` },
    info.books.map((b) => h('option', { value: b.id, text: b.id === 'builtin' ? t(state.lang, 'builtin') : b.name,
      selected: (state[p + 'book'] || 'builtin') === b.id })));
  const search = h('input', { type: 'search', id: `f-${p}search`, autocomplete: 'off',
    'aria-controls': `f-${p}unit` });
  const unit = h('select', { name: p + 'unit', id: `f-${p}unit`, size: 6, class: 'units' });
  const noMatch = h('p', { class: 'help', hidden: true, text: t(state.lang, 'no_match') });
  const upgrades = h('fieldset', { class: 'upgrades', id: `f-${p}upgrades`, hidden: true },
    h('legend', { text: t(state.lang, 'upgrades') }));
  const fill = async () => {
    const units = await loadUnits(book.value);
    const key = fold(search.value);
    clear(unit);
    const shown = units.filter((u) => !key || u.search.includes(key) || fold(u.name).includes(key));
    for (const u of shown) {
      const text = u.key !== u.name && !u.data && state.lang === 'en' ? `${u.name} (${u.key.replace(/_/g, ' ')})` : u.name;
      unit.append(h('option', { value: u.key, text, selected: u.key === state[p + 'unit'] }));
    }
    noMatch.hidden = shown.length > 0;
    if (unit.selectedIndex < 0 && shown.length && !state[p + 'unit']) {
      unit.selectedIndex = 0;
      state[p + 'unit'] = unit.value;
      setData(side);
    }
    showUpgrades(side, units, upgrades);
  };
  book.addEventListener('change', () => {
    state[p + 'book'] = book.value;
    state[p + 'unit'] = '';
    state[p + 'upgrades'] = '';
    state[p + 'chars'] = '';
    const old = $(`f-${p}chars`);
    if (old) old.replaceWith(characterPicker(side, book.value));
    clear(unit);  // the last book's units go at once: none can be picked while this one loads
    showUpgrades(side, [], upgrades);
    fill().then(changed);
  });
  search.addEventListener('input', () => fill());
  unit.addEventListener('change', () => {
    state[p + 'unit'] = unit.value;
    state[p + 'models'] = '';
    state[p + 'upgrades'] = '';
    setData(side);
    const old = $(`f-${p}chars`);
    if (old) old.replaceWith(characterPicker(side, book.value));
    loadUnits(book.value).then((units) => { showUpgrades(side, units, upgrades); changed(); syncModels(side, units); });
  });
  const title = state.view === 'hold' ? `hf_${side}` : side;
  const box = h('fieldset', { class: `side side-${side}` }, h('legend', { text: t(state.lang, title) }),
    label('book', book), label('find', search), label('unit', unit), noMatch);
  for (const f of UNIT_FIELDS.slice(2)) if (!['upgrades', 'data', 'chars'].includes(f.kind) && !f.chars) box.append(control(f, p + f.name));
  box.append(upgrades);
  if (state.view === 'combat') box.append(characterPicker(side, book.value));
  fill().then(() => loadUnits(book.value).then((units) => syncModels(side, units)));
  return box;
}

// Characters joining the unit: those of the side's book, the built-in ones of the unit's army,
// and those in the link.  Each says where it comes from (a roster file, an army book, the
// built-in library, an uploaded file); the link keeps that source with the character by value
// (and the options taken), so the same character comes back even when two share a name.
function entryId(e) {
  const src = e.src || {};
  const where = src.kind === 'upload' ? src.file || src.name : src.book;
  return `${src.kind || 'link'}|${where || ''}|${e.key}`;
}

// What a character's import left out or approximated, in a few words ("" if nothing).
function notesText(notes) {
  const items = (kind) => (notes || []).filter((n) => n.kind === kind).map((n) => n.item);
  const parts = [];
  if (items('ignored').length) parts.push(`${t(state.lang, 'not_modelled')}: ${items('ignored').join(', ')}`);
  if (items('approximated').length) parts.push(`${t(state.lang, 'approximated')}: ${items('approximated').join(', ')}`);
  return parts.join('; ');
}

// The chosen characters' notes, one line each, for the answer's warnings.
function characterWarnings() {
  if (state.view !== 'combat') return [];
  const out = [];
  for (const side of SIDES) {
    const chosen = state[`${side[0]}.chars`] ? decodeUnit(state[`${side[0]}.chars`]) : [];
    for (const e of (Array.isArray(chosen) ? chosen : []).map(charEntry)) {
      const notes = notesText(e.notes);
      if (notes) out.push(t(state.lang, 'char_notes', { name: e.data.name, notes }));
    }
  }
  return out;
}

// A filter box over option lists: each group's labels hidden unless they hold the text
// (accents and case ignored); a group with none left says so.
function filterBox(groups) {
  const input = h('input', { type: 'search', class: 'option-filter', autocomplete: 'off' });
  const apply = () => {
    const key = fold(input.value);
    let total = 0;
    for (const g of groups) {
      g.shown = 0;
      for (const el of g.labels) {
        el.hidden = Boolean(key) && !fold(el.textContent).includes(key);
        if (!el.hidden) g.shown += 1;
      }
      total += g.shown;
    }
    // a box of its own (the magic items) says so when it is empty; the loose options
    // only when nothing at all matches
    for (const g of groups) g.none.hidden = g.shown > 0 || (!g.boxed && total > 0);
  };
  input.addEventListener('input', apply);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') e.preventDefault();  // not the form's "work out"
    if (e.key === 'Escape' && input.value) {
      input.value = '';
      apply();
      e.preventDefault();
    }
  });
  return h('label', { class: 'field filter' }, h('span', { text: t(state.lang, 'filter_options') }), input);
}

// The options taken first, then the others in the book's order.
function takenFirst(list, taken, name = (o) => o) {
  return [...list.filter((o) => taken.has(name(o))), ...list.filter((o) => !taken.has(name(o)))];
}

function sourceText(src) {
  if (!src) return t(state.lang, 'src_link');
  if (src.kind === 'builtin') return t(state.lang, 'src_builtin');
  if (src.kind === 'roster') return t(state.lang, 'src_roster', { file: src.file || src.name });
  if (src.kind === 'catalogue') return t(state.lang, 'src_catalogue', { name: src.name });
  return t(state.lang, 'src_upload', { file: src.file || src.name });
}

function characterPicker(side, bookId) {
  const p = side[0] + '.';
  const box = h('fieldset', { class: 'upgrades characters', id: `f-${p}chars` },
    h('legend', { text: t(state.lang, 'characters') }));
  const chosen = state[p + 'chars'] ? decodeUnit(state[p + 'chars']) : [];
  const taken = (Array.isArray(chosen) ? chosen : []).map(charEntry);
  const list = h('div', {});
  const rules = h('div', { hidden: !taken.length },
    UNIT_FIELDS.filter((f) => f.chars).map((f) => control(f, p + f.name)));
  box.append(list, rules);
  // built-in characters of the chosen unit's army only (all when either has none)
  const unitArmy = () => {
    const u = (unitCache.get(bookId) || []).find((x) => x.key === state[p + 'unit']) || {};
    return u.army || (u.data && u.data.army);
  };
  const unitCard = () => (unitCache.get(bookId) || []).find((x) => x.key === state[p + 'unit']);
  const draw = (allOffered) => {
    const army = unitArmy();
    const offered = allOffered.filter((c) => !army || !c.data.army || c.data.army === army
      || (c.source && c.source.kind !== 'builtin'));
    clear(list);
    const u = unitCard();
    const closed = Boolean(u && u.takes_characters === false);
    if (closed) {
      list.append(h('p', { class: 'warning', role: 'status', text: t(state.lang, 'no_characters_here', { unit: u.name }) }));
    }
    const all = [...taken];
    const byId = new Map();
    for (const c of offered) {
      const e = { src: c.source || null, key: c.key, up: [], data: c.data, notes: c.import_notes || [] };
      byId.set(entryId(e), c);
      const old = all.find((x) => entryId(x) === entryId(e));
      if (!old) all.push(e);
      else if (c.source) old.src = c.source;  // an uploaded file given again: its options work
    }
    if (!all.length) {
      list.append(h('p', { class: 'help', text: t(state.lang, 'characters_none') }));
      return;
    }
    const save = () => {
      const now = [...list.querySelectorAll('input.char:checked')].map((x) => all[Number(x.value)]);
      state[p + 'chars'] = now.length ? encodeUnit(now) : '';
      rules.hidden = !now.length;
      changed();
    };
    all.forEach((e, i) => {
      const c = byId.get(entryId(e)) || {};
      const isTaken = taken.some((x) => entryId(x) === entryId(e));
      // a unit that takes no characters: none can be ticked (one from a link can be unticked)
      const cb = h('input', { type: 'checkbox', class: 'char', value: String(i), checked: isTaken,
        disabled: closed && !isTaken });
      const text = h('span', {});
      const notes = h('p', { class: 'help char-notes' });
      const describe = () => {
        const pts = e.data.points ? `, ${e.data.points} ${t(state.lang, 'pts')}` : '';
        const joins = c.joins ? `, ${t(state.lang, 'joins', { unit: c.joins })}` : '';
        text.textContent = `${e.data.name}${pts} — ${sourceText(e.src)}${joins}`;
        notes.textContent = notesText(e.notes);
        notes.hidden = !notes.textContent;
      };
      describe();
      const opts = (c.options || []).length ? optionsBox(e, c, describe, save) : null;
      if (opts) opts.hidden = !isTaken;
      // an uploaded file's character from a link: his options need the file again
      const again = !opts && isTaken && e.src && e.src.kind === 'upload'
        ? h('p', { class: 'help', text: t(state.lang, 'upload_again', { name: e.data.name, file: e.src.file || e.src.name }) }) : null;
      cb.addEventListener('change', () => {
        if (opts) opts.hidden = !cb.checked;
        save();
      });
      list.append(h('label', { class: 'check' }, cb, text), notes);
      if (again) list.append(again);
      if (opts) list.append(opts);
    });
  };
  draw([]);
  const units = unitCache.has(bookId) || /^(upload|link)-/.test(bookId) ? Promise.resolve() : loadUnits(bookId);
  units.then(() => Promise.all([loadCharacters(bookId), bookId === 'builtin' ? [] : loadCharacters('builtin')]))
    .then(([own, builtin]) => draw([...own, ...builtin]));
  return box;
}

// The options and magic items an army book gives one character (the server builds him).
function optionsBox(entry, offered, describe, save) {
  const box = h('fieldset', { class: 'char-options' },
    h('legend', { text: t(state.lang, 'char_options', { name: offered.name }) }));
  const status = h('p', { class: 'help', role: 'status' });
  const taken = new Set(entry.up || []);
  const fail = (message) => {
    status.textContent = message;
    status.className = 'error';
    status.setAttribute('role', 'alert');
  };
  const ask = (src, upgrades) => {
    if (src.kind !== 'upload') {
      return fetch('/api/character', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ book: src.book, key: entry.key, upgrades, lang: state.lang }) });
    }
    const file = uploadFiles.get(src.book);  // read in memory by the server, never stored
    const q = new URLSearchParams({ name: file.name, key: entry.key, lang: state.lang });
    for (const u of upgrades) q.append('upgrade', u);
    return fetch(`/api/upload/character?${q}`, { method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' }, body: file.bytes });
  };
  const add = (o) => {
    const cb = h('input', { type: 'checkbox', value: o.name, checked: taken.has(o.name) });
    cb.addEventListener('change', async () => {
      const upgrades = [...box.querySelectorAll('input[type="checkbox"]:checked')].map((x) => x.value);
      status.textContent = '';
      status.className = 'help';
      status.setAttribute('role', 'status');
      const src = offered.source || entry.src;
      if (src.kind === 'upload' && !uploadFiles.has(src.book)) {
        cb.checked = !cb.checked;
        fail(t(state.lang, 'upload_again', { name: offered.name, file: src.file || src.name }));
        return;
      }
      let res, body;
      try {
        res = await ask(src, upgrades);
        body = await res.json();
      } catch (e) {
        body = { error: String(e.message || e) };
      }
      if (!res || !res.ok) {
        cb.checked = !cb.checked;
        fail(body.error);
        return;
      }
      entry.data = body.data;
      entry.up = upgrades;
      entry.notes = body.import_notes || [];
      entry.src = src;
      describe();
      save();
    });
    const group = o.group && fold(o.group) !== fold(o.name) ? `${o.group}: ` : '';  // not 'Escudo: Escudo'
    const pts = o.points ? ` (+${o.points} ${t(state.lang, 'pts')})` : '';
    return h('label', { class: 'check' }, cb, h('span', { text: `${group}${o.name}${pts}` }));
  };
  const byName = (o) => o.name;
  const plain = takenFirst(offered.options.filter((o) => !o.magic), taken, byName);
  // a magic item dearer than the whole allowance can never be taken: not offered
  const magic = takenFirst(offered.options.filter((o) => o.magic && !(offered.magic_limit && o.points > offered.magic_limit)),
    taken, byName);
  const groups = [];
  if (plain.length + magic.length >= FILTER_AT) box.append(filterBox(groups));
  if (plain.length) {
    const labels = plain.map(add);
    const none = h('p', { class: 'help', hidden: true, text: t(state.lang, 'no_option_match') });
    groups.push({ labels, none });
    box.append(...labels, none);
  }
  if (magic.length) {
    // an uploaded army book comes without its game system, where the limit is written
    const unchecked = (offered.source || entry.src || {}).kind === 'upload';
    const title = offered.magic_limit ? t(state.lang, 'magic_items_limit', { n: offered.magic_limit })
      : t(state.lang, unchecked ? 'magic_items_unchecked' : 'magic_items');
    const labels = magic.map(add);
    const none = h('p', { class: 'help', hidden: true, text: t(state.lang, 'no_item_match') });
    groups.push({ labels, none, boxed: true });
    box.append(h('fieldset', { class: 'magic' }, h('legend', { text: title }), ...labels, none));
  }
  box.append(status);
  return box;
}

async function loadCharacters(book) {
  if (!charCache.has(book)) {
    if (book.startsWith('upload-') || book.startsWith('link-')) return [];
    try {
      const res = await fetch(`/api/books/${encodeURIComponent(book)}/characters`);
      charCache.set(book, res.ok ? await res.json() : []);
    } catch (e) {
      return [];
    }
  }
  return charCache.get(book);
}

// A unit of an uploaded file (or of a link) is sent by value; a library unit by name.
function setData(side) {
  const p = side[0] + '.';
  const units = unitCache.get(state[p + 'book']) || [];
  const u = units.find((x) => x.key === state[p + 'unit']);
  state[p + 'data'] = u && u.data ? encodeUnit(u.data) : '';
}

function addUploadedBook(id, name, units, characters = [], file = '') {
  info.books = info.books.filter((b) => b.id !== id).concat([{ id, name }]);
  charCache.set(id, characters.map((c) => ({ ...c,
    source: c.source || { kind: 'upload', book: id, name: file || name, file: file || name } })));
  unitCache.set(id, units.map((u) => ({ key: u.key, name: u.name, search: fold(u.name),
    min_models: 1, max_models: null, default_models: u.models, options: [], data: u.data,
    takes_characters: u.takes_characters })));
}

let uploads = 0;

async function upload(input) {
  const file = input.files && input.files[0];
  if (!file) return;
  showError('');
  let res, body;
  try {
    const q = new URLSearchParams({ name: file.name, lang: state.lang });
    res = await fetch(`/api/upload?${q}`, { method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' }, body: await file.arrayBuffer() });
    body = await res.json();
  } catch (e) {
    uploadStatus(String(e.message || e), true);
    return;
  }
  if (!res.ok) {
    uploadStatus(body.error, true);
    return;
  }
  uploads += 1;
  const id = `upload-${uploads}`;
  uploadFiles.set(id, { name: file.name, bytes: await file.arrayBuffer() });
  addUploadedBook(id, `${body.name} (${t(state.lang, 'uploaded')})`, body.units, body.characters || [], body.name);
  readForm();
  for (const side of SIDES) {
    const p = side[0] + '.';
    if (side === 'attacker' || !state[p + 'unit']) {
      state[p + 'book'] = id;
      state[p + 'unit'] = '';
      state[p + 'data'] = '';
    }
  }
  buildForm();
  uploadStatus(t(state.lang, 'upload_done', { name: body.name, n: body.units.length }), false);
}

// The upload's outcome, beside the upload control (a refused file is an alert there).
function uploadStatus(message, bad) {
  const el = $('upload-status');
  el.textContent = message;
  el.className = bad ? 'error' : 'help';
  el.setAttribute('role', bad ? 'alert' : 'status');
}

// A file control in the page's language: the browser's own ("Choose File", "No file chosen")
// is hidden and a labelled button of ours opens it; the chosen file's name is shown beside it.
function fileField(input, labelText) {
  input.hidden = true;
  input.tabIndex = -1;
  const labelId = `${input.id}-label`, buttonId = `${input.id}-button`;
  const chosen = h('span', { class: 'help file-name', text: t(state.lang, 'no_file') });
  const button = h('button', { type: 'button', id: buttonId, class: 'file-button',
    'aria-labelledby': `${labelId} ${buttonId}`, text: t(state.lang, 'choose_file') });
  button.addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    const file = input.files && input.files[0];
    chosen.textContent = file ? file.name : t(state.lang, 'no_file');
  });
  return h('div', { class: 'field' }, h('span', { id: labelId, text: labelText }),
    h('div', { class: 'file-row' }, button, chosen), input);
}

function uploadBox() {
  const input = h('input', { type: 'file', id: 'upload', accept: '.cat,.catz,.ros,.rosz' });
  input.addEventListener('change', () => upload(input));
  return h('fieldset', { class: 'upload' }, h('legend', { text: t(state.lang, 'upload') }),
    fileField(input, t(state.lang, 'upload_help')),
    h('p', { id: 'upload-status', class: 'help', role: 'status' }));
}

function syncModels(side, units) {
  const p = side[0] + '.';
  const u = units.find((x) => x.key === state[p + 'unit']);
  const input = $(`f-${p}models`);
  if (u && input) {
    input.placeholder = String(u.default_models);
    if (u.min_models) input.min = u.min_models;
    if (u.max_models) input.max = Math.min(200, u.max_models);
  }
}

function showUpgrades(side, units, box) {
  const p = side[0] + '.';
  const u = units.find((x) => x.key === state[p + 'unit']);
  for (const el of [...box.children]) if (el.tagName !== 'LEGEND') el.remove();
  const taken = new Set((state[p + 'upgrades'] || '').split('|').filter(Boolean));
  box.hidden = !(u && u.options.length);
  if (!u) return;
  const labels = takenFirst(u.options, taken).map((o) => {
    const cb = h('input', { type: 'checkbox', value: o, checked: taken.has(o) });
    cb.addEventListener('change', () => {
      const now = [...box.querySelectorAll('input[type="checkbox"]:checked')].map((x) => x.value);
      state[p + 'upgrades'] = now.join('|');
      changed();
    });
    return h('label', { class: 'check' }, cb, h('span', { text: o }));
  });
  const none = h('p', { class: 'help', hidden: true, text: t(state.lang, 'no_option_match') });
  if (labels.length >= FILTER_AT) box.append(filterBox([{ labels, none }]));
  box.append(...labels, none);
}

async function loadUnits(book) {
  if (!unitCache.has(book)) {
    const res = await fetch(`/api/books/${encodeURIComponent(book)}/units`);
    const body = await res.json();
    if (!res.ok) {
      showError(body.error);
      return [];
    }
    unitCache.set(book, body);
  }
  return unitCache.get(book);
}

function buildForm() {
  const fields = $('fields');
  clear(fields);
  const view = VIEWS[state.view];
  if (hasUnits(state.view)) {
    fields.append(h('div', { class: 'sides' }, SIDES.map(unitPicker)), uploadBox());
    const fight = h('fieldset', { class: 'fight' }, h('legend', { text: t(state.lang, 'the_fight') }));
    const rules = h('fieldset', { class: 'rules' }, h('legend', { text: t(state.lang, 'rules') }));
    for (const f of view.fields) (f.group === 'rules' ? rules : fight).append(control(f, f.name));
    fields.append(fight, rules);
  } else if (state.view === 'compare') {
    fields.append(compareBox());
  } else {
    const box = h('fieldset', { class: 'fight' }, h('legend', { text: t(state.lang, `view_${state.view}`) }));
    if (state.view === 'emerge') box.append(scenarioInput());
    if (state.view === 'matrix') box.append(listInput('list_a'), listInput('list_b'));
    for (const f of view.fields) box.append(control(f, f.name));
    fields.append(box);
  }
  $('trials').value = state.trials ?? view.trials;
  $('trials').max = info.caps ? info.caps.trials : 2000000;
  $('seed').value = state.seed ?? '';
  for (const b of document.querySelectorAll('#views button')) {
    b.setAttribute('aria-current', b.dataset.view === state.view ? 'page' : 'false');
  }
}

function readForm() {
  for (const el of $('form').querySelectorAll('input[name], select[name]')) {
    if (el.type === 'checkbox') state[el.name] = el.checked ? '1' : '0';
    else if (!el.classList.contains('units')) state[el.name] = el.value;
  }
}

// The answer on show is for the question before this change: it is marked as not final
// (greyed, aria-busy) until the new question's answer comes, so that neither a player nor a
// test reads the old numbers as the answer during the pause before the new job starts.
function markStale() {
  const out = $('answer');
  if (out.childElementCount) out.classList.add('partial');
  out.setAttribute('aria-busy', 'true');
}

function changed() {
  readForm();
  writeLink();
  cancelJob();
  markStale();
  clearTimeout(debounce);
  debounce = setTimeout(run, 350);
}

// ---------- emergence: a scenario file, read in the browser, kept in the link ----------

function scenarioInput() {
  const input = h('input', { type: 'file', id: 'scenario', accept: '.toml,text/plain' });
  const status = h('p', { id: 'scenario-status', class: 'help', role: 'status',
    text: state.scenario ? decodeUnit(state.scenario).name || '' : t(state.lang, 'scenario_none') });
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    markStale();  // at once: reading the file takes a moment
    if (file.size > 60000) {
      status.textContent = t(state.lang, 'scenario_big');
      status.className = 'error';
      return;
    }
    state.scenario = encodeUnit({ name: file.name, text: await file.text() });
    status.textContent = '';
    status.className = 'help';
    changed();
  });
  const clearIt = h('button', { type: 'button', class: 'inline', text: t(state.lang, 'remove_scenario') });
  clearIt.addEventListener('click', () => { state.scenario = ''; buildForm(); changed(); });
  return h('div', { class: 'scenario' }, fileField(input, t(state.lang, 'scenario')), status, clearIt);
}

// ---------- matchup matrix: two uploaded lists, their units by value ----------

function listInput(key) {
  const input = h('input', { type: 'file', id: `f-${key}`, accept: '.ros,.rosz,.cat,.catz' });
  const list = state[key] ? decodeUnit(state[key]) : [];
  const status = h('p', { id: `${key}-status`, class: 'help', role: 'status',
    text: Array.isArray(list) && list.length ? list.map((u) => u.name).join(', ') : t(state.lang, 'mx_none') });
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const q = new URLSearchParams({ name: file.name, lang: state.lang });
    const res = await fetch(`/api/upload?${q}`, { method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' }, body: await file.arrayBuffer() });
    const body = await res.json();
    if (!res.ok) {
      status.textContent = body.error;
      status.className = 'error';
      status.setAttribute('role', 'alert');
      return;
    }
    const units = body.units.slice(0, 10).map((u) => ({ name: u.name, data: u.data }));
    state[key] = encodeUnit(units);
    status.textContent = units.map((u) => u.name).join(', ');
    status.className = 'help';
    status.setAttribute('role', 'status');
    changed();
  });
  const rosters = info.books.filter((b) => b.kind === 'roster');
  const pick = rosters.length ? h('select', { id: `f-${key}-book` },
    h('option', { value: '', text: t(state.lang, 'mx_pick_roster') }),
    rosters.map((b) => h('option', { value: b.id, text: `${b.name} (${b.file})` }))) : null;
  if (pick) {
    pick.addEventListener('change', async () => {
      if (!pick.value) return;
      const units = (await loadUnits(pick.value)).slice(0, 10).map((u) => ({ name: u.name, data: u.data }));
      state[key] = encodeUnit(units);
      status.textContent = units.map((u) => u.name).join(', ');
      status.className = 'help';
      changed();
    });
  }
  return h('div', { class: 'scenario' }, fileField(input, t(state.lang, `mx_${key}`)),
    pick ? h('label', { class: 'field' }, h('span', { text: t(state.lang, 'mx_or_roster') }), pick) : null, status);
}

// A cell of the matrix opens that combat in the combat view (both units by value).
function openCell(cell) {
  const find = (key, name) => (decodeUnit(state[key]) || []).find((u) => u.name === name);
  const a = find('list_a', cell.unit_a), d = find('list_b', cell.unit_b);
  if (!a || !d) return;
  const charger = { a: 'attacker', b: 'defender', none: 'none' }[cell.charger] || 'attacker';
  const q = new URLSearchParams({ view: 'combat', lang: state.lang, 'a.unit': a.name,
    'a.data': encodeUnit(a.data), 'd.unit': d.name, 'd.data': encodeUnit(d.data), charger,
    trials: String(VIEWS.combat.trials), seed: state.seed || '' });
  location.assign(`${location.pathname}?${q}`);
}

// ---------- comparison: up to four combats, kept in the link ----------

const MAX_VARIANTS = 4;

function variants() {
  if (!state.cmp) return [];
  const list = decodeUnit(state.cmp);
  return Array.isArray(list) ? list.slice(0, 8) : [];
}

function addVariant() {
  readForm();
  const list = variants();
  if (list.length >= MAX_VARIANTS) {
    showError(t(state.lang, 'compare_full', { n: MAX_VARIANTS }));
    return;
  }
  const body = requestBody('combat', state);
  body.label = answer && answer.view === 'combat' ? answer.a.headline.split(':')[0] : `${body.attacker.unit} / ${body.defender.unit}`;
  list.push(body);
  state.cmp = encodeUnit(list);
  writeLink();
  $('add-compare').textContent = t(state.lang, 'compare_added', { n: list.length });
}

function compareBox() {
  const list = variants();
  const box = h('fieldset', { class: 'fight' }, h('legend', { text: t(state.lang, 'view_compare') }));
  if (!list.length) box.append(h('p', { class: 'help', text: t(state.lang, 'compare_empty') }));
  const ol = h('ol', { class: 'variants' });
  const names = variantNames(list, state.lang);
  list.forEach((v, i) => {
    const remove = h('button', { type: 'button', text: t(state.lang, 'remove'),
      'aria-label': `${t(state.lang, 'remove')} ${i + 1}` });
    remove.addEventListener('click', () => {
      const now = variants();
      now.splice(i, 1);
      state.cmp = now.length ? encodeUnit(now) : '';
      buildForm();
      writeLink();
    });
    ol.append(h('li', {}, h('span', { text: `${names[i]}: ` }), h('span', { class: 'help', text: `${v.label || ''} ` }), remove));
  });
  box.append(ol);
  return box;
}

async function runCompare() {
  const list = variants();
  if (!list.length) return;
  if (!state.seed) {  // one seed for every variant, drawn here so that the link holds it
    state.seed = String(crypto.getRandomValues(new Uint32Array(1))[0]);
    $('seed').value = state.seed;
    writeLink();
  }
  const run = requestBody('compare', state);
  const body = { variants: list.map((v) => ({ ...v, trials: run.trials, seed: run.seed, lang: state.lang })) };
  $('go').setAttribute('aria-busy', 'true');
  try {
    const res = await fetch('/api/compare', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const out = await res.json();
    if (!res.ok) {
      showError(out.error);
    } else {
      // each variant is named by its answer's headline, in the page's language
      out.variants.forEach((v, i) => { list[i].label = v.headline.split(':')[0]; });
      state.cmp = encodeUnit(list);
      writeLink();
      if (state.view === 'compare') buildForm();
      show('compare', { ...out, labels: list.map((v) => v.label || ''),
        names: variantNames(list, state.lang, out.variants) }, false);
    }
  } catch (e) {
    showError(String(e.message || e));
  }
  $('go').removeAttribute('aria-busy');
}

// ---------- jobs ----------

function showError(message) {
  if (message) $('answer').removeAttribute('aria-busy');
  $('error').hidden = !message;
  $('error').textContent = message || '';
}

async function cancelJob() {
  if (!job) return;
  const old = job;
  job = null;
  clearTimeout(old.timer);
  $('cancel').disabled = true;
  $('progress').hidden = true;
  try { await fetch(`/api/jobs/${encodeURIComponent(old.id)}`, { method: 'DELETE' }); } catch (e) { /* gone */ }
}

async function run() {
  readForm();
  markStale();
  await cancelJob();
  showError('');
  const view = state.view;
  if (view === 'compare') {
    runCompare();
    return;
  }
  const body = requestBody(view, state);
  let res;
  try {
    res = await fetch(`/api/jobs/${view}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch (e) {
    showError(String(e));
    return;
  }
  const status = await res.json();
  if (!res.ok) {
    showError(status.error);
    return;
  }
  job = { id: status.id, view, timer: null };
  $('cancel').disabled = false;
  $('progress').hidden = false;
  $('progress').value = 0;
  $('go').setAttribute('aria-busy', 'true');
  poll(job);
}

async function poll(mine) {
  if (job !== mine) return;
  let st;
  try {
    const res = await fetch(`/api/jobs/${encodeURIComponent(mine.id)}`);
    st = await res.json();
    if (!res.ok) throw new Error(st.error);
  } catch (e) {
    showError(String(e.message || e));
    finish();
    return;
  }
  if (job !== mine) return;
  $('progress').value = st.progress;
  $('progress').setAttribute('aria-valuetext', t(state.lang, 'progress_text', { done: st.done_trials, total: st.total_trials }));
  if (st.answer) show(mine.view, st.answer, st.state !== 'done');
  if (st.state === 'running') {
    mine.timer = setTimeout(() => poll(mine), 200);
    return;
  }
  if (st.state === 'error') showError(st.error);
  if (st.state === 'cancelled') showError(t(state.lang, 'cancelled'));
  finish();
}

function finish() {
  job = null;
  $('cancel').disabled = true;
  $('progress').hidden = true;
  $('go').removeAttribute('aria-busy');
}

function show(view, a, partial) {
  answer = { view, a };
  if (!partial && a.seed !== undefined && a.seed !== null) {
    state.seed = String(a.seed);
    $('seed').value = state.seed;
    writeLink();
  }
  const out = $('answer');
  clear(out);
  const render = { combat: renderCombat, hold: renderHold, compare: renderCompare, emerge: renderEmerge, matrix: renderMatrix }[view] || renderOutcomes;
  out.append(...render(a, state.lang, openCell, characterWarnings()));
  out.classList.toggle('partial', partial);
  if (partial) out.setAttribute('aria-busy', 'true');
  else out.removeAttribute('aria-busy');
  $('svg').hidden = !out.querySelector('svg.chart');
  $('png').hidden = !out.querySelector('img.picture');
  $('add-compare').hidden = view !== 'combat';
  $('results').hidden = false;
  if (scrollToAnswer && window.matchMedia('(max-width: 1099px)').matches) {
    $('results').scrollIntoView({ block: 'start' });
  }
  scrollToAnswer = false;
}

// ---------- start ----------

async function checkLink() {
  const notes = [];
  if (state.ver && state.ver !== info.version) notes.push(t(state.lang, 'version_differs', { link: state.ver, here: info.version }));
  const ids = new Set(info.books.map((b) => b.id));
  for (const side of SIDES) {
    const b = state[`${side[0]}.book`];
    if (hasUnits(state.view) && b && !ids.has(b) && !b.startsWith('upload-')) notes.push(t(state.lang, 'data_missing', { book: b }));
  }
  $('notice').hidden = !notes.length;
  $('notice').textContent = notes.join(' ');
}

async function start() {
  state = readLink();
  const res = await fetch('/api/info');
  info = await res.json();
  $('lang').value = state.lang;
  translatePage(state.lang);
  for (const side of SIDES) {
    const p = side[0] + '.';
    if (hasUnits(state.view) && state[p + 'data']) {
      const data = decodeUnit(state[p + 'data']);
      const id = `link-${side}`;
      addUploadedBook(id, t(state.lang, 'from_link'), [{ key: state[p + 'unit'] || '0',
        name: data.name || state[p + 'unit'] || '?', models: data.models || 1, data }]);
      state[p + 'book'] = id;
    }
  }
  checkLink();
  buildForm();
  $('form').addEventListener('change', (e) => {
    if (e.target.type === 'file' || e.target.closest('.upgrades:not(.characters)') || (e.target.closest('.characters') && !e.target.name) || e.target.name?.endsWith('book') || e.target.classList.contains('units')) return;
    changed();
  });
  $('form').addEventListener('submit', (e) => { e.preventDefault(); clearTimeout(debounce); scrollToAnswer = true; run(); });
  $('cancel').addEventListener('click', () => { clearTimeout(debounce); cancelJob().then(() => showError(t(state.lang, 'cancelled'))); });
  $('lang').addEventListener('change', () => {
    readForm();
    state.lang = $('lang').value;
    translatePage(state.lang);
    buildForm();
    writeLink();
    if (answer) run();
  });
  for (const b of document.querySelectorAll('#views button')) {
    b.addEventListener('click', () => {
      cancelJob();
      state = { view: b.dataset.view, lang: state.lang, cmp: state.cmp };
      answer = null;
      $('results').hidden = true;
      showError('');
      buildForm();
      writeLink();
    });
  }
  $('add-compare').addEventListener('click', addVariant);
  $('copy').addEventListener('click', async () => {
    try { await navigator.clipboard.writeText($('link').value); } catch (e) { $('link').select(); }
    $('copy').textContent = t(state.lang, 'copied');
    setTimeout(() => { $('copy').textContent = t(state.lang, 'copy'); }, 1500);
  });
  $('csv').addEventListener('click', () => answer && download(`odds-${answer.view}.csv`, 'text/csv', answerCsv(answer.view, answer.a)));
  $('json').addEventListener('click', () => answer && download(`odds-${answer.view}.json`, 'application/json', JSON.stringify(answer.a, null, 2)));
  $('png').addEventListener('click', () => {
    const img = document.querySelector('#answer img.picture');
    if (!img) return;
    const a = h('a', { href: img.src, download: `odds-${answer.view}.png` });
    document.body.append(a);
    a.click();
    a.remove();
  });
  $('svg').addEventListener('click', () => {
    const svg = document.querySelector('#answer svg.chart');
    if (svg) download(`odds-${answer.view}.svg`, 'image/svg+xml', new XMLSerializer().serializeToString(svg));
  });
  writeLink();
  // a link that names its units answers at once
  const ready = { compare: () => variants().length, matrix: () => state.list_a && state.list_b };
  if (ready[state.view] ? ready[state.view]() : !hasUnits(state.view) || (state['a.unit'] && state['d.unit'])) setTimeout(run, 50);
}

start();
