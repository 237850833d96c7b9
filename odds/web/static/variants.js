// Each variant of a comparison named by what differs from the others ("5 wide" against
// "6 wide", "charging" against "charged"), else by its number.
import { t } from './i18n.js';

const SIDE_FIELDS = ['bonus', 'high_ground', 'bsb', 'general_ld', 'challenge', 'allocation'];
const FIGHT_FIELDS = ['distance', 'max_rounds', 'expand_frontage', 'charge_tests',
  'corner_contact', 'musician_tiebreak', 'insane_courage', 'restrain_pursuit'];

function yesNo(lang, v) {
  return t(lang, v ? 'cmp_yes' : 'cmp_no');
}

// What one variant is, field by field, in words (unit names from its answer when known).
function describe(v, lang, cards) {
  const parts = {};
  for (const side of ['attacker', 'defender']) {
    const u = v[side] || {}, s = v[`${side}_side`] || {};
    const card = cards && cards[side];
    parts[`${side}.unit`] = (card && card.name) || (u.data && u.data.name) || String(u.unit || '').replace(/_/g, ' ');
    parts[`${side}.models`] = u.models == null ? t(lang, 'cmp_models_default') : t(lang, 'cmp_models', { n: u.models });
    parts[`${side}.files`] = u.files == null ? t(lang, 'cmp_files_default') : t(lang, 'cmp_files', { n: u.files });
    parts[`${side}.command`] = `${t(lang, 'command').toLowerCase()}: ${t(lang, 'cmd_' + String(u.command || 'none').replace(',', '_'))}`;
    parts[`${side}.upgrades`] = (u.upgrades || []).length ? u.upgrades.join(', ') : t(lang, 'cmp_no_upgrades');
    parts[`${side}.characters`] = (u.characters || []).length
      ? u.characters.map((c) => c.name).join(', ') : t(lang, 'cmp_no_characters');
    for (const k of SIDE_FIELDS) {
      const val = s[k];
      const text = typeof val === 'boolean' ? yesNo(lang, val)
        : k === 'challenge' || k === 'allocation' ? t(lang, `${k}_${val || (k === 'challenge' ? 'always' : 'troops')}`) : String(val ?? 0);
      parts[`${side}.${k}`] = `${t(lang, k)}: ${text}`;
    }
  }
  parts.charger = t(lang, `cmp_charger_${v.charger || 'attacker'}`);
  parts.attacker_face = `${t(lang, 'face')}: ${t(lang, `face_${v.attacker_face || 'front'}`)}`;
  for (const k of FIGHT_FIELDS) {
    const val = v[k];
    parts[k] = `${t(lang, k)}: ${typeof val === 'boolean' ? yesNo(lang, val) : String(val ?? '—')}`;
  }
  return parts;
}

// The names of the variants: what tells each apart, or "Variant N" when nothing does.
export function variantNames(list, lang, answers = []) {
  const all = list.map((v, i) => describe(v, lang, answers[i] && answers[i].page && answers[i].page.units));
  const keys = all.length > 1 ? Object.keys(all[0]).filter((k) => new Set(all.map((p) => p[k])).size > 1) : [];
  const names = all.map((p) => keys.map((k) => (k.startsWith('defender.')
    ? `${t(lang, 'defender').toLowerCase()}: ${p[k]}` : p[k])).join(' · '));
  const unique = new Set(names).size === names.length;
  return names.map((n, i) => (n && unique ? n : `${t(lang, 'variant')} ${i + 1}`));
}
