import type {
  CardTask,
  Composite,
  DeviceClass,
  RunnerErrorCode,
  TaskFlag,
  TestFlag,
} from '../../src/shared/api/contract';

/**
 * Texts of the reference runner and report pages in the languages the demo offers. A locale the pages do not know
 * falls back by language (fr-CA to fr-FR), then to en-US.
 */
export const pageLocales = ['en-US', 'es-US', 'fr-FR'] as const;
export type PageLocale = (typeof pageLocales)[number];

export function pickLocale(value: string | undefined): PageLocale {
  const wanted = (value ?? '').replace('_', '-').trim();
  const exact = pageLocales.find((locale) => locale.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const language = wanted.slice(0, 2).toLowerCase();
  return pageLocales.find((locale) => locale.startsWith(`${language}-`)) ?? 'en-US';
}

/** Replaces {name} placeholders. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values[name];
    return value === undefined ? match : String(value);
  });
}

/** Dates as the product shows them: en-US 'MMM dd, yyyy'; Spanish and French in their own order ('7 ene 2024'). */
export function showDate(value: Date | string, locale: PageLocale): string {
  const date = typeof value === 'string' && value.length === 10 ? new Date(`${value}T12:00:00Z`) : new Date(value);
  const day = locale === 'en-US' ? '2-digit' : 'numeric';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day, timeZone: 'UTC' }).format(date);
}

/** A language's name in the page's language ('espagnol (États-Unis)'), not its code. */
export function languageName(code: string, locale: PageLocale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export interface TaskTexts {
  name: string;
  instructions: string;
  question: string;
}

export interface RunnerTexts {
  pageTitle: string;
  referenceNotice: string;
  noscript: string;
  loading: string;
  badParameters: string;
  tokenInvalid: string;
  alreadyEnded: string;
  unreachable: string;
  retry: string;
  returnButton: string;
  versionFailure: string;
  introTitle: string;
  introBody: string;
  languageLine: string;
  batteryLine: string;
  start: string;
  taskOf: string;
  cardOf: string;
  yes: string;
  no: string;
  startTask: string;
  doneTitle: string;
  doneBody: string;
  finish: string;
  saving: string;
  saveFailed: string;
  errorTitle: string;
  errorBody: string;
  errorLabel: string;
  errorButton: string;
  leave: string;
  errorCodes: Record<RunnerErrorCode, string>;
  tasks: Record<CardTask, TaskTexts>;
  ranks: readonly string[];
  suits: readonly [string, string, string, string];
  cardName: string;
  faceDown: string;
  faceUp: string;
  keys: { yes: string; no: string };
  keysHint: string;
  practice: string;
  startPractice: string;
  practiceDone: string;
  practiceCardOf: string;
  feedbackCorrect: string;
  feedbackWrong: string;
  feedbackEarly: string;
  feedbackSlow: string;
  batteries: Record<string, string>;
}

export interface ReportTexts {
  pageTitle: string;
  referenceNotice: string;
  notDiagnosis: string;
  patient: string;
  dateOfBirth: string;
  environment: string;
  none: string;
  expired: string;
  assessments: string;
  completed: string;
  battery: string;
  language: string;
  baseline: string;
  task: string;
  accuracy: string;
  speed: string;
  change: string;
  accuracyValue: string;
  speedValue: string;
  tasks: Record<CardTask, string>;
  howToRead: string;
  invalid: string;
  setting: string;
  settings: Record<'home' | 'clinic', string>;
  device: string;
  devices: Record<DeviceClass, string>;
  tasksCaption: string;
  compositesCaption: string;
  primary: string;
  missesHead: string;
  missesValue: string;
  validity: string;
  valid: string;
  taskFlags: Record<TaskFlag, string>;
  testFlags: Record<TestFlag, string>;
  composite: string;
  score: string;
  notScored: string;
  reliableChangeHead: string;
  reliableChange: Record<'decline' | 'improvement' | 'none', string>;
  composites: Record<Composite, string>;
  batteries: Record<string, string>;
}

const enTasks: Record<CardTask, TaskTexts> = {
  detection: {
    name: 'Detection',
    instructions: 'Each card is shown face down or face up. Answer as quickly as you can.',
    question: 'Has the card turned face up?',
  },
  identification: {
    name: 'Identification',
    instructions: 'Each card is shown face up. Answer as quickly as you can.',
    question: 'Is the card red?',
  },
  oneCardLearning: {
    name: 'One card learning',
    instructions: 'Remember the cards you see. Some of them come back.',
    question: 'Have you seen this card before in this task?',
  },
  oneBack: {
    name: 'One back',
    instructions: 'Compare each card with the card just before it.',
    question: 'Is this card the same as the card just before it?',
  },
};

export const runnerTexts: Record<PageLocale, RunnerTexts> = {
  'en-US': {
    pageTitle: 'Reference workflow runner',
    referenceNotice:
      'This is the reference workflow runner of the demo server. It stands in for the real cognitive test: its ' +
      'card tasks are short, and what it records is not a clinical measurement.',
    noscript: 'The test needs JavaScript. Turn it on and open the link again.',
    loading: 'Preparing the test…',
    badParameters: 'The test cannot start: the address that opened it is incomplete or points elsewhere.',
    tokenInvalid: 'This test session is no longer valid: it has expired or already ended.',
    alreadyEnded: 'This test has already ended.',
    unreachable: 'The test service cannot be reached. Check the connection and try again.',
    retry: 'Try again',
    returnButton: 'Return',
    versionFailure: 'This runner cannot run component version {version}.',
    introTitle: 'Before you start',
    introBody:
      'The test has {count} short card tasks. Each task shows playing cards one at a time and asks a yes-or-no ' +
      'question about each card. Answer with the No and Yes buttons or keys.',
    languageLine: 'Language: {language}',
    batteryLine: 'Battery: {battery}',
    start: 'Start the first task',
    taskOf: 'Task {n} of {count}: {name}',
    cardOf: 'Card {n} of {count}',
    yes: 'Yes',
    no: 'No',
    startTask: 'Start this task',
    doneTitle: 'All tasks are done',
    doneBody: 'Select Finish to record the test and return.',
    finish: 'Finish and return',
    saving: 'Recording the test…',
    saveFailed: 'The test could not be recorded. Try again.',
    errorTitle: 'End the test with an error',
    errorBody: 'To try the product out: end this test the way a real runner does when something goes wrong.',
    errorLabel: 'Error',
    errorButton: 'End with this error',
    leave: 'Leave without finishing',
    errorCodes: {
      cbbversionfailure: 'Component version not supported (cbbversionfailure)',
      agefailure: 'Age requirements not met (agefailure)',
      cbbbrowsercheckfailure: 'Browser not supported (cbbbrowsercheckfailure)',
      workflowerror: 'System error, results not captured (workflowerror)',
    },
    tasks: enTasks,
    ranks: ['Ace', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Jack', 'Queen', 'King'],
    suits: ['hearts', 'diamonds', 'clubs', 'spades'],
    cardName: '{rank} of {suit}',
    faceDown: 'A card, face down',
    faceUp: 'face up',
    keys: { yes: 'Y', no: 'N' },
    keysHint: 'No is on the left, Yes on the right: the buttons, the arrow keys, or the {no} and {yes} keys.',
    practice: 'practice',
    startPractice: 'Practice first',
    practiceDone: 'Practice is over. The task itself gives no feedback: answer as quickly and as well as you can.',
    practiceCardOf: 'Practice card {n} of {count}',
    feedbackCorrect: 'Correct.',
    feedbackWrong: 'Not quite: look at the question again.',
    feedbackEarly: 'Too early: wait for the card.',
    feedbackSlow: 'Too slow: answer as soon as you can.',
    batteries: { FullCBB: 'Full assessment', MemOnlyCBB: 'Memory assessment' },
  },
  'es-US': {
    pageTitle: 'Aplicación de referencia de la prueba',
    referenceNotice:
      'Esta es la aplicación de referencia del servidor de demostración. Sustituye a la prueba cognitiva real: sus ' +
      'tareas con cartas son breves y lo que registra no es una medición clínica.',
    noscript: 'La prueba necesita JavaScript. Actívelo y abra el enlace de nuevo.',
    loading: 'Preparando la prueba…',
    badParameters: 'La prueba no puede comenzar: la dirección que la abrió está incompleta o apunta a otro sitio.',
    tokenInvalid: 'Esta sesión de prueba ya no es válida: ha caducado o ya terminó.',
    alreadyEnded: 'Esta prueba ya terminó.',
    unreachable: 'No se puede contactar con el servicio de la prueba. Compruebe la conexión e inténtelo de nuevo.',
    retry: 'Intentar de nuevo',
    returnButton: 'Volver',
    versionFailure: 'Esta aplicación no puede ejecutar la versión {version} del componente.',
    introTitle: 'Antes de empezar',
    introBody:
      'La prueba tiene {count} tareas breves con cartas. Cada tarea muestra cartas una a una y hace una pregunta ' +
      'de sí o no sobre cada carta. Responda con los botones o las teclas No y Sí.',
    languageLine: 'Idioma: {language}',
    batteryLine: 'Batería: {battery}',
    start: 'Comenzar la primera tarea',
    taskOf: 'Tarea {n} de {count}: {name}',
    cardOf: 'Carta {n} de {count}',
    yes: 'Sí',
    no: 'No',
    startTask: 'Comenzar esta tarea',
    doneTitle: 'Todas las tareas han terminado',
    doneBody: 'Seleccione Terminar para registrar la prueba y volver.',
    finish: 'Terminar y volver',
    saving: 'Registrando la prueba…',
    saveFailed: 'No se pudo registrar la prueba. Inténtelo de nuevo.',
    errorTitle: 'Terminar la prueba con un error',
    errorBody: 'Para probar el producto: termine esta prueba como lo hace una aplicación real cuando algo falla.',
    errorLabel: 'Error',
    errorButton: 'Terminar con este error',
    leave: 'Salir sin terminar',
    errorCodes: {
      cbbversionfailure: 'Versión del componente no admitida (cbbversionfailure)',
      agefailure: 'No se cumplen los requisitos de edad (agefailure)',
      cbbbrowsercheckfailure: 'Navegador no admitido (cbbbrowsercheckfailure)',
      workflowerror: 'Error del sistema, resultados no guardados (workflowerror)',
    },
    tasks: {
      detection: {
        name: 'Detección',
        instructions: 'Cada carta aparece boca abajo o boca arriba. Responda lo más rápido que pueda.',
        question: '¿La carta está boca arriba?',
      },
      identification: {
        name: 'Identificación',
        instructions: 'Cada carta aparece boca arriba. Responda lo más rápido que pueda.',
        question: '¿La carta es roja?',
      },
      oneCardLearning: {
        name: 'Aprendizaje de una carta',
        instructions: 'Recuerde las cartas que ve. Algunas vuelven a aparecer.',
        question: '¿Ha visto esta carta antes en esta tarea?',
      },
      oneBack: {
        name: 'Una atrás',
        instructions: 'Compare cada carta con la carta anterior.',
        question: '¿Esta carta es igual a la anterior?',
      },
    },
    ranks: ['As', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis', 'Siete', 'Ocho', 'Nueve', 'Diez', 'Jota', 'Reina', 'Rey'],
    suits: ['corazones', 'diamantes', 'tréboles', 'picas'],
    cardName: '{rank} de {suit}',
    faceDown: 'Una carta boca abajo',
    faceUp: 'boca arriba',
    keys: { yes: 'S', no: 'N' },
    keysHint: 'No está a la izquierda y Sí a la derecha: los botones, las teclas de flecha o las teclas {no} y {yes}.',
    practice: 'práctica',
    startPractice: 'Practicar primero',
    practiceDone:
      'La práctica ha terminado. La tarea en sí no indica si acierta: responda lo más rápido y lo mejor que pueda.',
    practiceCardOf: 'Carta de práctica {n} de {count}',
    feedbackCorrect: 'Correcto.',
    feedbackWrong: 'No exactamente: vuelva a leer la pregunta.',
    feedbackEarly: 'Demasiado pronto: espere a la carta.',
    feedbackSlow: 'Demasiado lento: responda en cuanto pueda.',
    batteries: { FullCBB: 'Evaluación completa', MemOnlyCBB: 'Evaluación de la memoria' },
  },
  'fr-FR': {
    pageTitle: 'Module de passation de référence',
    referenceNotice:
      'Ceci est le module de passation de référence du serveur de démonstration. Il remplace le vrai test cognitif : ses ' +
      'tâches de cartes sont courtes et ce qu’il enregistre n’est pas une mesure clinique.',
    noscript: 'Le test a besoin de JavaScript. Activez-le et rouvrez le lien.',
    loading: 'Préparation du test…',
    badParameters: 'Le test ne peut pas commencer : l’adresse qui l’a ouvert est incomplète ou pointe ailleurs.',
    tokenInvalid: 'Cette session de test n’est plus valide : elle a expiré ou est déjà terminée.',
    alreadyEnded: 'Ce test est déjà terminé.',
    unreachable: 'Le service du test est injoignable. Vérifiez la connexion et réessayez.',
    retry: 'Réessayer',
    returnButton: 'Revenir',
    versionFailure: 'Ce module de passation ne peut pas exécuter la version {version} du composant.',
    introTitle: 'Avant de commencer',
    introBody:
      'Le test comporte {count} courtes tâches de cartes. Chaque tâche montre des cartes une à une et pose une ' +
      'question fermée sur chaque carte. Répondez avec les boutons ou les touches Non et Oui.',
    languageLine: 'Langue : {language}',
    batteryLine: 'Batterie : {battery}',
    start: 'Commencer la première tâche',
    taskOf: 'Tâche {n} sur {count} : {name}',
    cardOf: 'Carte {n} sur {count}',
    yes: 'Oui',
    no: 'Non',
    startTask: 'Commencer cette tâche',
    doneTitle: 'Toutes les tâches sont terminées',
    doneBody: 'Choisissez Terminer pour enregistrer le test et revenir.',
    finish: 'Terminer et revenir',
    saving: 'Enregistrement du test…',
    saveFailed: 'Le test n’a pas pu être enregistré. Réessayez.',
    errorTitle: 'Terminer le test par une erreur',
    errorBody:
      'Pour essayer le produit : terminez ce test comme le fait un vrai module de passation en cas de problème.',
    errorLabel: 'Erreur',
    errorButton: 'Terminer avec cette erreur',
    leave: 'Quitter sans terminer',
    errorCodes: {
      cbbversionfailure: 'Version du composant non prise en charge (cbbversionfailure)',
      agefailure: 'Conditions d’âge non remplies (agefailure)',
      cbbbrowsercheckfailure: 'Navigateur non pris en charge (cbbbrowsercheckfailure)',
      workflowerror: 'Erreur système, résultats non enregistrés (workflowerror)',
    },
    tasks: {
      detection: {
        name: 'Détection',
        instructions: 'Chaque carte est montrée face cachée ou face visible. Répondez le plus vite possible.',
        question: 'La carte est-elle retournée face visible ?',
      },
      identification: {
        name: 'Identification',
        instructions: 'Chaque carte est montrée face visible. Répondez le plus vite possible.',
        question: 'La carte est-elle rouge ?',
      },
      oneCardLearning: {
        name: 'Apprentissage d’une carte',
        instructions: 'Retenez les cartes que vous voyez. Certaines reviennent.',
        question: 'Avez-vous déjà vu cette carte dans cette tâche ?',
      },
      oneBack: {
        name: 'Une en arrière',
        instructions: 'Comparez chaque carte avec la carte précédente.',
        question: 'Cette carte est-elle identique à la précédente ?',
      },
    },
    ranks: ['As', 'Deux', 'Trois', 'Quatre', 'Cinq', 'Six', 'Sept', 'Huit', 'Neuf', 'Dix', 'Valet', 'Dame', 'Roi'],
    suits: ['cœur', 'carreau', 'trèfle', 'pique'],
    cardName: '{rank} de {suit}',
    faceDown: 'Une carte face cachée',
    faceUp: 'face visible',
    keys: { yes: 'O', no: 'N' },
    keysHint: 'Non est à gauche, Oui à droite : les boutons, les touches fléchées ou les touches {no} et {yes}.',
    practice: 'entraînement',
    startPractice: 'S’entraîner d’abord',
    practiceDone:
      'L’entraînement est terminé. La tâche elle-même n’indique pas si vous avez raison : répondez aussi vite et aussi bien que possible.',
    practiceCardOf: 'Carte d’entraînement {n} sur {count}',
    feedbackCorrect: 'Exact.',
    feedbackWrong: 'Pas tout à fait : relisez la question.',
    feedbackEarly: 'Trop tôt : attendez la carte.',
    feedbackSlow: 'Trop lent : répondez dès que possible.',
    batteries: { FullCBB: 'Évaluation complète', MemOnlyCBB: 'Évaluation de la mémoire' },
  },
};

export const reportTexts: Record<PageLocale, ReportTexts> = {
  'en-US': {
    pageTitle: 'Cognitive report',
    referenceNotice: 'Reference report page of the demo server: it uses reference values, not clinical norms.',
    notDiagnosis: 'Results support a clinical evaluation; they are not a stand-alone diagnosis.',
    patient: 'Patient',
    dateOfBirth: 'Date of birth',
    environment: 'Environment',
    none: 'This patient has no finished assessment yet.',
    expired: 'This report link has expired. Close the report and open it again.',
    assessments: 'Finished assessments',
    completed: 'Completed',
    battery: 'Battery',
    language: 'Language',
    baseline: 'Baseline',
    task: 'Task',
    accuracy: 'Accuracy',
    speed: 'Mean response time',
    change: 'Change from baseline',
    accuracyValue: '{correct} of {responses} correct ({percent})',
    speedValue: '{ms} ms',
    howToRead:
      'Scores are compared with reference values, not clinical norms. Composites are standard scores (100 is the ' +
      'reference mean, 15 one standard deviation; higher is better). A reliable change is one larger than the ' +
      'test itself varies (90% interval).',
    invalid: 'Not valid',
    setting: 'Taken',
    settings: { home: 'At home', clinic: 'In the clinic' },
    device: 'Device',
    devices: { phone: 'Phone', tablet: 'Tablet', desktop: 'Computer' },
    tasksCaption: 'Tasks, {date}',
    compositesCaption: 'Composites, {date}',
    primary: 'Score',
    missesHead: 'Anticipations and misses',
    missesValue: '{anticipations} early, {misses} missed',
    validity: 'Validity',
    valid: 'Valid',
    taskFlags: {
      tooFewResponses: 'Too few responses.',
      lowAccuracy: 'Accuracy below the task’s integrity threshold.',
      manyAnticipations: 'Many responses came before the card.',
      pageHidden: 'The test was out of sight during the task.',
      leftEarly: 'The task was left before its end.',
    },
    testFlags: {
      atHome: 'Taken at home, unsupervised.',
      deviceChanged: 'Taken on a different kind of device from the baseline.',
      invalidTask: 'At least one task is not valid.',
    },
    composite: 'Composite',
    score: 'Score',
    notScored: 'Not scored (a task is not valid)',
    reliableChangeHead: 'Reliable change',
    reliableChange: { decline: 'Reliable decline', improvement: 'Reliable improvement', none: 'No reliable change' },
    composites: {
      psychomotorAttention: 'Psychomotor function and attention',
      learningWorkingMemory: 'Learning and working memory',
    },
    batteries: { FullCBB: 'Full assessment', MemOnlyCBB: 'Memory assessment' },
    tasks: {
      detection: 'Detection (psychomotor function)',
      identification: 'Identification (attention)',
      oneCardLearning: 'One card learning (visual learning)',
      oneBack: 'One back (working memory)',
    },
  },
  'es-US': {
    pageTitle: 'Informe cognitivo',
    referenceNotice:
      'Página de informe de referencia del servidor de demostración: usa valores de referencia, no normas clínicas.',
    notDiagnosis: 'Los resultados apoyan una evaluación clínica; no son un diagnóstico por sí solos.',
    patient: 'Paciente',
    dateOfBirth: 'Fecha de nacimiento',
    environment: 'Entorno',
    none: 'Este paciente aún no tiene ninguna evaluación terminada.',
    expired: 'El enlace de este informe ha caducado. Cierre el informe y ábralo de nuevo.',
    assessments: 'Evaluaciones terminadas',
    completed: 'Terminada',
    battery: 'Batería',
    language: 'Idioma',
    baseline: 'Línea de base',
    task: 'Tarea',
    accuracy: 'Precisión',
    speed: 'Tiempo medio de respuesta',
    change: 'Cambio respecto a la línea de base',
    accuracyValue: '{correct} de {responses} correctas ({percent})',
    speedValue: '{ms} ms',
    howToRead:
      'Las puntuaciones se comparan con valores de referencia, no con normas clínicas. Los compuestos son ' +
      'puntuaciones estándar (100 es la media de referencia y 15 una desviación estándar; más alto es mejor). ' +
      'Un cambio fiable es mayor que la variación propia de la prueba (intervalo del 90 %).',
    invalid: 'No válida',
    setting: 'Realizada',
    settings: { home: 'En casa', clinic: 'En la clínica' },
    device: 'Dispositivo',
    devices: { phone: 'Teléfono', tablet: 'Tableta', desktop: 'Computadora' },
    tasksCaption: 'Tareas, {date}',
    compositesCaption: 'Compuestos, {date}',
    primary: 'Puntuación',
    missesHead: 'Anticipaciones y omisiones',
    missesValue: '{anticipations} anticipadas, {misses} omitidas',
    validity: 'Validez',
    valid: 'Válida',
    taskFlags: {
      tooFewResponses: 'Demasiado pocas respuestas.',
      lowAccuracy: 'Precisión por debajo del umbral de integridad de la tarea.',
      manyAnticipations: 'Muchas respuestas llegaron antes de la carta.',
      pageHidden: 'La prueba quedó fuera de la vista durante la tarea.',
      leftEarly: 'La tarea se abandonó antes de terminar.',
    },
    testFlags: {
      atHome: 'Realizada en casa, sin supervisión.',
      deviceChanged: 'Realizada en un tipo de dispositivo distinto al de la línea de base.',
      invalidTask: 'Al menos una tarea no es válida.',
    },
    composite: 'Compuesto',
    score: 'Puntuación',
    notScored: 'Sin puntuación (una tarea no es válida)',
    reliableChangeHead: 'Cambio fiable',
    reliableChange: { decline: 'Descenso fiable', improvement: 'Mejora fiable', none: 'Sin cambio fiable' },
    composites: {
      psychomotorAttention: 'Función psicomotora y atención',
      learningWorkingMemory: 'Aprendizaje y memoria de trabajo',
    },
    batteries: { FullCBB: 'Evaluación completa', MemOnlyCBB: 'Evaluación de la memoria' },
    tasks: {
      detection: 'Detección (función psicomotora)',
      identification: 'Identificación (atención)',
      oneCardLearning: 'Aprendizaje de una carta (aprendizaje visual)',
      oneBack: 'Una atrás (memoria de trabajo)',
    },
  },
  'fr-FR': {
    pageTitle: 'Compte rendu cognitif',
    referenceNotice:
      'Page de compte rendu de référence du serveur de démonstration : elle utilise des valeurs de référence, non des normes cliniques.',
    notDiagnosis: 'Les résultats appuient une évaluation clinique ; ils ne constituent pas un diagnostic à eux seuls.',
    patient: 'Patient',
    dateOfBirth: 'Date de naissance',
    environment: 'Environnement',
    none: 'Ce patient n’a encore aucune évaluation terminée.',
    expired: 'Le lien de ce compte rendu a expiré. Fermez le compte rendu et rouvrez-le.',
    assessments: 'Évaluations terminées',
    completed: 'Terminée',
    battery: 'Batterie',
    language: 'Langue',
    baseline: 'Référence',
    task: 'Tâche',
    accuracy: 'Exactitude',
    speed: 'Temps de réponse moyen',
    change: 'Variation depuis la référence',
    accuracyValue: '{correct} sur {responses} correctes ({percent})',
    speedValue: '{ms} ms',
    howToRead:
      'Les scores sont comparés à des valeurs de référence, non à des normes cliniques. Les composites sont des ' +
      'scores standard (100 est la moyenne de référence et 15 un écart type ; plus haut est meilleur). Une ' +
      'variation fiable dépasse la variation propre du test (intervalle à 90 %).',
    invalid: 'Non valide',
    setting: 'Passé',
    settings: { home: 'À domicile', clinic: 'Au cabinet' },
    device: 'Appareil',
    devices: { phone: 'Téléphone', tablet: 'Tablette', desktop: 'Ordinateur' },
    tasksCaption: 'Tâches, {date}',
    compositesCaption: 'Composites, {date}',
    primary: 'Score',
    missesHead: 'Anticipations et omissions',
    missesValue: '{anticipations} anticipées, {misses} omises',
    validity: 'Validité',
    valid: 'Valide',
    taskFlags: {
      tooFewResponses: 'Trop peu de réponses.',
      lowAccuracy: 'Exactitude sous le seuil d’intégrité de la tâche.',
      manyAnticipations: 'Beaucoup de réponses sont venues avant la carte.',
      pageHidden: 'Le test n’était plus à l’écran pendant la tâche.',
      leftEarly: 'La tâche a été quittée avant la fin.',
    },
    testFlags: {
      atHome: 'Passé à domicile, sans supervision.',
      deviceChanged: 'Passé sur un autre type d’appareil que la référence.',
      invalidTask: 'Au moins une tâche n’est pas valide.',
    },
    composite: 'Composite',
    score: 'Score',
    notScored: 'Non calculé (une tâche n’est pas valide)',
    reliableChangeHead: 'Variation fiable',
    reliableChange: { decline: 'Baisse fiable', improvement: 'Amélioration fiable', none: 'Pas de variation fiable' },
    composites: {
      psychomotorAttention: 'Fonction psychomotrice et attention',
      learningWorkingMemory: 'Apprentissage et mémoire de travail',
    },
    batteries: { FullCBB: 'Évaluation complète', MemOnlyCBB: 'Évaluation de la mémoire' },
    tasks: {
      detection: 'Détection (fonction psychomotrice)',
      identification: 'Identification (attention)',
      oneCardLearning: 'Apprentissage d’une carte (apprentissage visuel)',
      oneBack: 'Une en arrière (mémoire de travail)',
    },
  },
};
