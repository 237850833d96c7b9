// The page's words in English and Spanish (MDNR terms). Numbers and headlines come from the server.

export const WORDS = {
  en: {
    skip: 'Skip to the question', title: 'odds',
    subtitle: 'Warhammer Fantasy Battles 6th edition, MDNR rules, cm',
    view_combat: 'Combat', view_charge: 'Charge', view_pursue: 'Pursue', view_flee: 'Flee',
    language: 'Language', run: 'Run', trials: 'Trials', seed: 'Seed',
    seed_help: 'empty: a new seed, shown in the link', go: 'Work out the odds', cancel: 'Cancel',
    results: 'Results', link: 'Link to this answer', copy: 'Copy link', copied: 'Link copied',
    csv: 'CSV', json: 'JSON', svg: 'Chart (SVG)',
    footer: 'Exact values are worked out from the dice; Monte Carlo values come with their standard error. The same link gives the same numbers.',
    attacker: 'Attacker', defender: 'Defender', book: 'Army book', builtin: 'Built-in units',
    find: 'Find a unit (Spanish or English name)', unit: 'Unit', models: 'Models',
    files: 'Files (models per rank)', command: 'Command group', cmd_none: 'none',
    cmd_full: 'full (champion, standard, musician)', cmd_champion: 'champion',
    cmd_standard: 'standard', cmd_musician: 'musician',
    cmd_champion_standard: 'champion and standard', cmd_champion_musician: 'champion and musician',
    cmd_standard_musician: 'standard and musician', upgrades: 'Upgrades',
    bonus: 'Static combat bonus', high_ground: 'High ground (+1)',
    bsb: 'Battle standard within 30 cm', general_ld: "General's Ld within 30 cm (0: none)",
    the_fight: 'The fight', charger: 'Who charges', charger_attacker: 'the attacker',
    charger_defender: 'the defender', charger_none: 'no one', face: 'Face charged',
    face_front: 'front', face_flank: 'flank', face_rear: 'rear',
    distance: 'Gap before the charge (cm)', max_rounds: 'Rounds before unresolved',
    rules: 'Rule switches', expand_frontage: 'Winners expand frontage and lap round (§1.11)',
    charge_tests: 'Fear and terror tests at the charge (§3.3)',
    corner_contact: 'Models touching at a corner fight (§1.1)',
    musician_tiebreak: 'Musicians break ties (§2.4)',
    insane_courage: 'A double 1 always passes a break test (§3.2)',
    restrain_pursuit: 'Winners test Ld to hold back from pursuit (§4.3)',
    no_match: 'No unit matches', working: 'Working',
    charger_move: "Charger's M (cm)", target_move: "Target's M (cm)",
    target_flies: 'The target flies (8D6)', difficult: 'Difficult terrain on the path (cm)',
    wheel: 'Lost to a wheel (cm)', edge_distance: 'Table edge behind it (cm, empty: far)',
    pursuer_move: "Pursuer's M (cm)", fleer_move: "Fleeing unit's M (cm)",
    pursuer_flies: 'The pursuer flies (8D6)', fleer_flies: 'The fleeing unit flies (8D6)',
    move: "The unit's M (cm)", edge_distance_req: 'Table edge (cm)', ld: 'Leadership',
    turns: 'Turns', flies: 'It flies (8D6)', musician: 'It has a musician (+1 Ld to rally)',
    starting_models: 'Models at the start', models_left: 'Models left',
    outcome: 'Outcome', probability: 'Probability', stderr: '± std. error', exact: 'Exact',
    monte_carlo: 'Monte Carlo', final: 'How the combat ends', first_round: 'First round',
    by_round: 'Round by round', round: 'Round', fought: 'fought this round',
    at_least: 'At least N casualties in the first round', casualties: 'Casualties (wounds)',
    expected: 'Expected wounds caused in round 1', units: 'The units',
    us: 'Unit strength', ranks: 'Ranks', rank_bonus: 'Rank bonus', save: 'Armour save',
    ward: 'Ward save', points: 'Points', warnings: 'Approximations', running: 'Working out…',
    progress_text: '{done} of {total} trials', cancelled: 'Cancelled.',
    version_differs: 'This link was made with odds {link}; this server runs {here}: the numbers may differ.',
    data_missing: 'This link needs the army book {book}, which this server does not have.',
    chart_title: 'How the combat ends', wins: 'wins', loses: 'loses',
    catch_table: 'Outcomes', turn: 'Turn', rallied: 'rallied', off_table: 'off the table',
    none: '—', side: 'Side', event: 'Event', view_hold: 'Hold or flee?',
    hf_question: '{charger} charge {target}: hold, or flee?', upload: 'Your list or army book', upload_help: 'BattleScribe file (.ros, .rosz, .cat, .catz); read in memory, never stored', uploaded: 'uploaded', upload_done: '{name}: {n} units, in the army book lists', from_link: 'Unit from the link',
    hf_hold: 'If it holds', hf_attacker: 'Charger', hf_defender: 'Charged unit',
    hf_flee: 'If it flees', hf_wins: 'wins the combat', hf_caught: 'caught and destroyed',
    hf_escaped: 'escapes (fleeing)', hf_destroyed: 'destroyed in the combat',
    hf_off_table: 'flees off the table', hf_unresolved: 'combat unresolved',
    hf_rallies_next_turn: 'rallies at its next turn, once it escaped',
  },
  es: {
    skip: 'Ir a la pregunta', title: 'odds',
    subtitle: 'Warhammer Fantasy Battles 6.ª edición, reglas MDNR, cm',
    view_combat: 'Combate', view_charge: 'Carga', view_pursue: 'Persecución', view_flee: 'Huida',
    language: 'Idioma', run: 'Simulación', trials: 'Simulaciones', seed: 'Semilla',
    seed_help: 'vacía: una semilla nueva, que queda en el enlace', go: 'Calcular', cancel: 'Cancelar',
    results: 'Resultados', link: 'Enlace a esta respuesta', copy: 'Copiar enlace',
    copied: 'Enlace copiado', csv: 'CSV', json: 'JSON', svg: 'Gráfico (SVG)',
    footer: 'Los valores exactos salen de los dados; los de Monte Carlo llevan su error típico. El mismo enlace da los mismos números.',
    attacker: 'Atacante', defender: 'Defensor', book: 'Libro de ejército', builtin: 'Unidades incluidas',
    find: 'Buscar unidad (nombre en español o inglés)', unit: 'Unidad', models: 'Miniaturas',
    files: 'Columnas (miniaturas por fila)', command: 'Grupo de mando', cmd_none: 'ninguno',
    cmd_full: 'completo (campeón, portaestandarte, músico)', cmd_champion: 'campeón',
    cmd_standard: 'portaestandarte', cmd_musician: 'músico',
    cmd_champion_standard: 'campeón y portaestandarte', cmd_champion_musician: 'campeón y músico',
    cmd_standard_musician: 'portaestandarte y músico', upgrades: 'Mejoras',
    bonus: 'Bonificación fija al resultado', high_ground: 'Terreno elevado (+1)',
    bsb: 'Estandarte de batalla a 30 cm', general_ld: 'L del General a 30 cm (0: no)',
    the_fight: 'El combate', charger: 'Quién carga', charger_attacker: 'el atacante',
    charger_defender: 'el defensor', charger_none: 'nadie', face: 'Lado por el que carga',
    face_front: 'frontal', face_flank: 'flanco', face_rear: 'retaguardia',
    distance: 'Distancia antes de la carga (cm)', max_rounds: 'Turnos antes de dejarlo sin resolver',
    rules: 'Opciones de reglas', expand_frontage: 'El vencedor amplía su frente y envuelve (§1.11)',
    charge_tests: 'Chequeos de miedo y terror en la carga (§3.3)',
    corner_contact: 'Las miniaturas en contacto por una esquina luchan (§1.1)',
    musician_tiebreak: 'Los músicos deshacen empates (§2.4)',
    insane_courage: 'Un doble 1 siempre supera el chequeo de desmoralización (§3.2)',
    restrain_pursuit: 'El vencedor chequea L para no perseguir (§4.3)',
    no_match: 'Ninguna unidad coincide', working: 'Desglose',
    charger_move: 'M de la unidad que carga (cm)', target_move: 'M de la unidad cargada (cm)',
    target_flies: 'La unidad cargada vuela (8D6)', difficult: 'Terreno difícil en el camino (cm)',
    wheel: 'Perdido al pivotar (cm)', edge_distance: 'Borde de la mesa detrás (cm, vacío: lejos)',
    pursuer_move: 'M del perseguidor (cm)', fleer_move: 'M de la unidad en huida (cm)',
    pursuer_flies: 'El perseguidor vuela (8D6)', fleer_flies: 'La unidad en huida vuela (8D6)',
    move: 'M de la unidad (cm)', edge_distance_req: 'Borde de la mesa (cm)', ld: 'Liderazgo',
    turns: 'Turnos', flies: 'Vuela (8D6)', musician: 'Tiene músico (+1 L para reagruparse)',
    starting_models: 'Miniaturas al principio', models_left: 'Miniaturas que quedan',
    outcome: 'Resultado', probability: 'Probabilidad', stderr: '± error típico', exact: 'Exacta',
    monte_carlo: 'Monte Carlo', final: 'Cómo acaba el combate', first_round: 'Primer turno',
    by_round: 'Turno a turno', round: 'Turno', fought: 'se lucha este turno',
    at_least: 'Al menos N bajas en el primer turno', casualties: 'Bajas (heridas)',
    expected: 'Heridas esperadas en el turno 1', units: 'Las unidades',
    us: 'Potencia de unidad', ranks: 'Filas', rank_bonus: 'Bonificación por filas', save: 'TSA',
    ward: 'Especial', points: 'Puntos', warnings: 'Aproximaciones', running: 'Calculando…',
    progress_text: '{done} de {total} simulaciones', cancelled: 'Cancelado.',
    version_differs: 'Este enlace se hizo con odds {link}; este servidor tiene {here}: los números pueden cambiar.',
    data_missing: 'Este enlace necesita el libro de ejército {book}, que este servidor no tiene.',
    chart_title: 'Cómo acaba el combate', wins: 'gana', loses: 'pierde',
    catch_table: 'Resultados', turn: 'Turno', rallied: 'se reagrupa', off_table: 'fuera de la mesa',
    none: '—', side: 'Bando', event: 'Suceso', view_hold: '¿Aguantar o huir?',
    hf_question: '{charger} cargan contra {target}: ¿aguantar o huir?', upload: 'Tu lista o libro de ejército', upload_help: 'Archivo de BattleScribe (.ros, .rosz, .cat, .catz); se lee en memoria y no se guarda', uploaded: 'subido', upload_done: '{name}: {n} unidades, en las listas de libros de ejército', from_link: 'Unidad del enlace',
    hf_hold: 'Si aguanta', hf_attacker: 'Unidad que carga', hf_defender: 'Unidad cargada',
    hf_flee: 'Si huye', hf_wins: 'gana el combate', hf_caught: 'atrapada y destruida',
    hf_escaped: 'escapa (en huida)', hf_destroyed: 'aniquilada en el combate',
    hf_off_table: 'huye fuera de la mesa', hf_unresolved: 'combate sin resolver',
    hf_rallies_next_turn: 'se reagrupa en su siguiente turno, si escapó',
  },
};

export function t(lang, key, vars = {}) {
  let text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  for (const [k, v] of Object.entries(vars)) text = text.replace(`{${k}}`, String(v));
  return text;
}

export function pickLang() {
  const langs = navigator.languages || [navigator.language || 'en'];
  for (const l of langs) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (base === 'es' || base === 'en') return base;
  }
  return 'en';
}

export function translatePage(lang) {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll('[data-i18n]')) {
    el.textContent = t(lang, el.dataset.i18n);
  }
}
