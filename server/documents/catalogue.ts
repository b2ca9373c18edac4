import { documentLanguages, type DocumentLanguage } from '../../src/shared/api/contract';

/**
 * The demo documents the build turns into PDFs (user manuals, privacy documents, resources). They are real
 * documents a clinic could read, written for the demo product; the generator lays them out with pdf-lib.
 * Text is limited to the WinAnsi characters of the PDF standard fonts, so no font has to be embedded.
 */

/** A paragraph, or a bulleted list when it is an array (the shape of documentTextSchema's blocks). */
export type DocumentBlock = string | readonly string[];

export interface DocumentSection {
  heading: string;
  blocks: readonly DocumentBlock[];
}

export interface DemoDocument {
  /** Where the build puts it, relative to the static root, e.g. 'docs/manuals/clinician-en-US.pdf'. */
  path: string;
  title: string;
  subject: string;
  language: DocumentLanguage;
  sections: readonly DocumentSection[];
}

export const documentLanguage = 'en-US';
export const documentAuthor = 'Cognitive Assessment';

/** Spec §1: the test, for whom, and what it is not; repeated in every manual. */
const aboutTheTest: DocumentSection = {
  heading: 'About the assessment',
  blocks: [
    'The Cognitive Assessment is a computerised test of about 15 minutes in four parts, played with playing ' +
      'cards on a computer or tablet. It measures psychomotor function, attention, learning and working memory.',
    'It is intended for prescription use. Its results support a clinical evaluation; they are not a ' +
      'stand-alone diagnosis.',
  ],
};

const signingIn: DocumentSection = {
  heading: 'Signing in and out',
  blocks: [
    'Open the address your clinic gave you and sign in with your email address and password. After too many ' +
      'wrong passwords the account is locked for a while; use "Forgot password?" to receive a reset link.',
    'Your session ends after a period without activity and when you choose Logout in the menu under your ' +
      'name. On a shared tablet, always log out: logging out also removes the patient data kept on the device.',
    [
      'Passwords have 12 to 64 characters with lower-case and upper-case letters, a digit and a special character.',
      'A password may not contain three ascending characters (abc, 123) or three identical characters in a row.',
      'Choose Change Password in the menu to change it; an expired password must be changed before you go on.',
    ],
  ],
};

const offlineUse: DocumentSection = {
  heading: 'Working on a tablet with a weak connection',
  blocks: [
    'The application keeps its screens, its translations and these documents on the device, so it opens even ' +
      'when the connection drops. Lists you opened recently stay readable for one working day.',
    'Nothing is ever sent behind your back: while the device is offline, saving and ordering are switched off ' +
      'and a banner says so. Try again when the connection is back.',
  ],
};

const gettingHelp: DocumentSection = {
  heading: 'Getting help',
  blocks: [
    'The Resources link at the top of every page opens guides and short training videos in a new tab. The ' +
      'About pages hold product information, test considerations, legal notices and a contact form.',
  ],
};

export const userManuals: readonly DemoDocument[] = [
  {
    path: 'docs/manuals/clinician-en-US.pdf',
    title: 'User manual for clinicians',
    subject: 'How clinicians manage patients, order assessments and read cognitive reports',
    language: 'en-US',
    sections: [
      aboutTheTest,
      signingIn,
      {
        heading: 'Your patients',
        blocks: [
          'After signing in you land on the patient list of your provider service. Switch between the grid, list ' +
            'and card views; the application remembers your choice. Type in the search box to find a patient by ' +
            'name; the list updates shortly after you stop typing.',
          'Results lists the patients who have completed an assessment; Orders lists the patients with ' +
            'outstanding orders. Add a patient with the Add button: first name, last name, date of birth and ' +
            'gender are required. An email address lets you order a test at home.',
        ],
      },
      {
        heading: 'Ordering an assessment',
        blocks: [
          'Open a patient and choose New assessment. Pick where the test takes place:',
          [
            'Out-Of-Clinic (HOME): the patient receives an email with a link and takes the test unsupervised. ' +
              'Enter the email address twice.',
            'In-Clinic (SITE): the test runs on a clinic tablet under supervision of you or a technician.',
          ],
          'Choose the battery when your provider service offers more than one: the full assessment (all four ' +
            'tests) or the memory assessment. To order for several patients at once, select them in the list and ' +
            'use the mass-order icon; patients without an email address cannot receive a home test and are ' +
            'listed as ineligible.',
        ],
      },
      {
        heading: 'Running a supervised test',
        blocks: [
          'Open the order and hand the tablet to the patient. The patient reads and accepts the privacy notice, ' +
            'then the test begins. When it ends, the tablet returns to the order, which is marked finished.',
          'If the test reports an error (for example an unsupported browser or an age outside the range the ' +
            'test supports), the order stays open and can be started again.',
        ],
      },
      {
        heading: 'Reading the cognitive report',
        blocks: [
          "The report of a finished assessment opens from the patient's page. It compares each test with the " +
            'scores of people of the same age and, where earlier results exist, with the baseline. Close it with ' +
            'Done or the Escape key.',
        ],
      },
      offlineUse,
      gettingHelp,
    ],
  },
  {
    path: 'docs/manuals/technician-en-US.pdf',
    title: 'User manual for technicians',
    subject: 'How technicians manage patients, order assessments and run supervised tests',
    language: 'en-US',
    sections: [
      aboutTheTest,
      signingIn,
      {
        heading: 'Your patients',
        blocks: [
          'After signing in you land on the patient list of your provider service. Search by name, switch ' +
            'between the grid, list and card views, and add patients with the Add button. Orders lists the ' +
            'patients with outstanding orders.',
          'Technicians see the date of the last result but do not open cognitive reports; the clinician who ' +
            'ordered the test reviews them.',
        ],
      },
      {
        heading: 'Preparing the tablet and the room',
        blocks: [
          [
            'Charge the tablet and connect it to the clinic network before the patient arrives.',
            'Choose a quiet room with steady light and no glare on the screen.',
            'Ask the patient to bring reading glasses or hearing aids they normally use.',
            'Close other applications and switch off notifications on the tablet.',
          ],
        ],
      },
      {
        heading: 'Running a supervised test',
        blocks: [
          "Open the patient's in-clinic order and choose the language of the test. The patient reads and accepts " +
            'the privacy notice; then select Begin. After a short pause the test starts in the same tab.',
          'Stay nearby without helping with the answers. When the test ends, the tablet returns to the order. ' +
            'If it reports an error, note the message and start the order again or contact the clinician.',
        ],
      },
      {
        heading: 'Your profile',
        blocks: [
          'My Profile in the menu shows your name, contact details and provider service. Change your password ' +
            'with Change Password.',
        ],
      },
      offlineUse,
      gettingHelp,
    ],
  },
  {
    path: 'docs/manuals/cops-en-US.pdf',
    title: 'User manual for provider-service administrators',
    subject: 'How administrators manage provider services, clinicians and technicians',
    language: 'en-US',
    sections: [
      aboutTheTest,
      signingIn,
      {
        heading: 'Provider services',
        blocks: [
          'A provider service is a provider (a clinic or hospital) together with one of its services, for example ' +
            '"Northside Memory Clinic -- Neurology". After signing in you land on the list of provider services; ' +
            'search it, sort it by a column and open one to edit it.',
          'When you add or edit a provider service, choose:',
          [
            'the report type its clinicians receive;',
            'the delivery method: in clinic, out of clinic or both;',
            'the batteries it offers (at least one);',
            'the languages its patients may take the test in, with exactly one default. Languages already in ' +
              'use cannot be removed.',
          ],
        ],
      },
      {
        heading: 'Clinicians and technicians',
        blocks: [
          'Add clinicians and technicians to a provider service from the Clinicians and Technicians tabs. A new ' +
            'account receives an email with a link to set its password; you can send the link again until the ' +
            'account is set up, and a password-reset link afterwards.',
          "Only administrators edit a clinician's medical license number. Deactivate an account when someone " +
            'leaves; a deactivated account cannot sign in and can be reactivated later.',
        ],
      },
      {
        heading: 'What administrators do not do',
        blocks: [
          'Administrators do not open or place assessment orders and do not read cognitive reports; those belong ' +
            'to the clinicians and technicians of each provider service.',
        ],
      },
      gettingHelp,
    ],
  },
  {
    path: 'docs/manuals/patient-en-US.pdf',
    title: 'User manual for patients',
    subject: 'How patients take the cognitive assessment at home',
    language: 'en-US',
    sections: [
      aboutTheTest,
      {
        heading: 'Before you start',
        blocks: [
          [
            'Use a computer or tablet with a recent browser and a steady internet connection.',
            'Find a quiet place where you will not be disturbed for about 20 minutes.',
            'Wear the glasses or hearing aids you normally use.',
            'Take the test on your own: the results are only useful if nobody helps you.',
          ],
        ],
      },
      {
        heading: 'Opening your test',
        blocks: [
          'Your clinic sends you an email with a link. Open it, then confirm who you are with your first name, ' +
            'last name and date of birth exactly as your clinic has them. Read the privacy notice and accept it.',
          'After several unsuccessful tries the test is locked for a while for your protection; contact your ' +
            'clinic if that happens. A test that is already finished cannot be taken again from the same link.',
        ],
      },
      {
        heading: 'Taking the test',
        blocks: [
          'The test explains each of its four parts before it starts, with a short practice. Answer as quickly ' +
            'and as accurately as you can. When it ends, you see a confirmation; your clinician receives the ' +
            'results and will discuss them with you.',
        ],
      },
      {
        heading: 'If something goes wrong',
        blocks: [
          'If the page says your browser is not supported, open the link in a recent version of Chrome, Edge, ' +
            'Firefox or Safari. For any other problem, contact the clinic that ordered the test.',
        ],
      },
    ],
  },
];

interface PrivacyTexts {
  common: (audience: 'clinicians' | 'technicians' | 'patients') => readonly DocumentSection[];
  clinician: Omit<DemoDocument, 'path' | 'language'>;
  technician: Omit<DemoDocument, 'path' | 'language'>;
  patient: Omit<DemoDocument, 'path' | 'language'>;
}

const englishPrivacy: PrivacyTexts = {
  common: (audience) => [
    {
      heading: 'Who is responsible',
      blocks: [
        `This notice explains how the Cognitive Assessment service uses personal information of ${audience}. ` +
          'The provider service you work with or receive care from decides why your information is used; the ' +
          'service processes it on its behalf.',
      ],
    },
    {
      heading: 'How long information is kept and how it is protected',
      blocks: [
        'Information is kept for as long as the provider service needs it for care and as the law requires. It ' +
          'is sent only over encrypted connections. Information kept on a device for offline use is encrypted, ' +
          'expires after one working day and is deleted when you log out.',
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        'You may ask to see the information held about you, to correct it, and, where the law allows, to have it ' +
          'deleted or to object to its use. Send your request through the contact form in the About pages or to ' +
          'your provider service.',
      ],
    },
  ],
  clinician: {
    title: 'Privacy policy for clinicians',
    subject: 'How the service uses the personal information of clinicians',
    sections: [
      {
        heading: 'What we collect',
        blocks: [
          'Your name, email address, phone number, specialty, medical license number and provider service; the ' +
            'date and time you sign in; and the orders you place and reports you open, so that every action on ' +
            'patient information can be traced.',
        ],
      },
      {
        heading: 'Your duties with patient information',
        blocks: [
          'You see patient information only for the patients of your provider service and only to care for ' +
            'them. Do not share your account, log out of shared tablets, and report a suspected breach at once.',
        ],
      },
    ],
  },
  technician: {
    title: 'Privacy policy for technicians',
    subject: 'How the service uses the personal information of technicians',
    sections: [
      {
        heading: 'What we collect',
        blocks: [
          'Your name, email address, phone number and provider service; the date and time you sign in; and the ' +
            'orders you place and supervised tests you start, so that every action on patient information can ' +
            'be traced.',
        ],
      },
      {
        heading: 'Your duties with patient information',
        blocks: [
          'You see patient information only for the patients of your provider service and only to run their ' +
            'tests. Do not share your account, log out of shared tablets, and report a suspected breach at once.',
        ],
      },
    ],
  },
  patient: {
    title: 'Privacy notice for patients',
    subject: 'How the service uses the personal information of patients taking the assessment',
    sections: [
      {
        heading: 'What we collect',
        blocks: [
          'Your name, date of birth, gender, preferred language and, if your clinic gave it, your email address; ' +
            'your answers and timings during the test; and the date and time you accepted this notice.',
        ],
      },
      {
        heading: 'Why we use it',
        blocks: [
          'To confirm that the right person takes the test, to calculate your results and compare them with ' +
            'people of your age, and to give them to the clinician who ordered the test. Your information is ' +
            'never sold and never used for advertising.',
        ],
      },
    ],
  },
};

const spanishAudience = { clinicians: 'los médicos', technicians: 'los técnicos', patients: 'los pacientes' } as const;

const spanishPrivacy: PrivacyTexts = {
  common: (audience) => [
    {
      heading: 'Quién es responsable',
      blocks: [
        'Este aviso explica cómo el servicio de Evaluación Cognitiva usa la información personal de ' +
          `${spanishAudience[audience]}. El servicio proveedor con el que usted trabaja o que le brinda atención ` +
          'decide para qué se usa su información; el servicio la trata en su nombre.',
      ],
    },
    {
      heading: 'Cuánto tiempo se conserva la información y cómo se protege',
      blocks: [
        'La información se conserva mientras el servicio proveedor la necesite para la atención y durante el ' +
          'tiempo que exija la ley. Solo se envía por conexiones cifradas. La información guardada en un ' +
          'dispositivo para usarla sin conexión está cifrada, vence después de un día hábil y se elimina cuando ' +
          'usted cierra la sesión.',
      ],
    },
    {
      heading: 'Sus derechos',
      blocks: [
        'Usted puede solicitar ver la información que se conserva sobre usted, corregirla y, cuando la ley lo ' +
          'permita, pedir que se elimine u oponerse a su uso. Envíe su solicitud mediante el formulario de ' +
          'contacto de las páginas Acerca de o a su servicio proveedor.',
      ],
    },
  ],
  clinician: {
    title: 'Política de privacidad para médicos',
    subject: 'Cómo usa el servicio la información personal de los médicos',
    sections: [
      {
        heading: 'Qué información recopilamos',
        blocks: [
          'Su nombre, dirección de correo electrónico, número de teléfono, especialidad, número de licencia ' +
            'médica y servicio proveedor; la fecha y la hora en que inicia sesión; y las órdenes que realiza y ' +
            'los informes que abre, para que cada acción sobre la información de los pacientes quede registrada.',
        ],
      },
      {
        heading: 'Sus obligaciones con la información de los pacientes',
        blocks: [
          'Usted ve la información de los pacientes solo de los pacientes de su servicio proveedor y solo para ' +
            'atenderlos. No comparta su cuenta, cierre la sesión en las tabletas compartidas e informe de ' +
            'inmediato cualquier sospecha de violación de datos.',
        ],
      },
    ],
  },
  technician: {
    title: 'Política de privacidad para técnicos',
    subject: 'Cómo usa el servicio la información personal de los técnicos',
    sections: [
      {
        heading: 'Qué información recopilamos',
        blocks: [
          'Su nombre, dirección de correo electrónico, número de teléfono y servicio proveedor; la fecha y la ' +
            'hora en que inicia sesión; y las órdenes que realiza y las pruebas supervisadas que inicia, para que ' +
            'cada acción sobre la información de los pacientes quede registrada.',
        ],
      },
      {
        heading: 'Sus obligaciones con la información de los pacientes',
        blocks: [
          'Usted ve la información de los pacientes solo de los pacientes de su servicio proveedor y solo para ' +
            'realizar sus pruebas. No comparta su cuenta, cierre la sesión en las tabletas compartidas e informe ' +
            'de inmediato cualquier sospecha de violación de datos.',
        ],
      },
    ],
  },
  patient: {
    title: 'Aviso de privacidad para pacientes',
    subject: 'Cómo usa el servicio la información personal de los pacientes que realizan la evaluación',
    sections: [
      {
        heading: 'Qué información recopilamos',
        blocks: [
          'Su nombre, fecha de nacimiento, sexo, idioma preferido y, si su clínica la proporcionó, su dirección ' +
            'de correo electrónico; sus respuestas y tiempos durante la prueba; y la fecha y la hora en que ' +
            'aceptó este aviso.',
        ],
      },
      {
        heading: 'Para qué la usamos',
        blocks: [
          'Para confirmar que la persona correcta realiza la prueba, calcular sus resultados y compararlos con ' +
            'los de personas de su edad, y entregarlos al médico que ordenó la prueba. Su información nunca se ' +
            'vende ni se usa con fines publicitarios.',
        ],
      },
    ],
  },
};

const frenchAudience = {
  clinicians: 'des cliniciens',
  technicians: 'des techniciens',
  patients: 'des patients',
} as const;

const frenchPrivacy: PrivacyTexts = {
  common: (audience) => [
    {
      heading: 'Qui est responsable',
      blocks: [
        'La présente notice explique comment le service d\u2019Évaluation cognitive utilise les données ' +
          `personnelles ${frenchAudience[audience]}. Le service prestataire avec lequel vous travaillez ou qui ` +
          'vous soigne détermine les finalités de l\u2019utilisation de vos données ; le service les traite pour ' +
          'son compte.',
      ],
    },
    {
      heading: 'Durée de conservation et protection des données',
      blocks: [
        'Les données sont conservées aussi longtemps que le service prestataire en a besoin pour les soins et ' +
          'que la loi l\u2019exige. Elles ne sont transmises que par des connexions chiffrées. Les données ' +
          'conservées sur un appareil pour une utilisation hors connexion sont chiffrées, expirent au bout d\u2019un ' +
          'jour ouvré et sont supprimées lorsque vous vous déconnectez.',
      ],
    },
    {
      heading: 'Vos droits',
      blocks: [
        'Vous pouvez demander à consulter les données vous concernant, à les faire rectifier et, lorsque la loi ' +
          'le permet, à les faire effacer ou à vous opposer à leur utilisation. Adressez votre demande au moyen ' +
          'du formulaire de contact des pages À propos ou à votre service prestataire.',
      ],
    },
  ],
  clinician: {
    title: 'Politique de confidentialité pour les cliniciens',
    subject: 'Comment le service utilise les données personnelles des cliniciens',
    sections: [
      {
        heading: 'Les données que nous recueillons',
        blocks: [
          'Vos nom, adresse électronique, numéro de téléphone, spécialité, numéro d\u2019autorisation d\u2019exercice ' +
            'et service prestataire ; la date et l\u2019heure de vos connexions ; ainsi que les demandes que vous ' +
            'passez et les rapports que vous ouvrez, afin que chaque action sur les données des patients puisse ' +
            'être retracée.',
        ],
      },
      {
        heading: 'Vos obligations à l\u2019égard des données des patients',
        blocks: [
          'Vous n\u2019accédez aux données que des patients de votre service prestataire et uniquement pour les ' +
            'soigner. Ne partagez pas votre compte, déconnectez-vous des tablettes partagées et signalez sans ' +
            'délai toute violation de données présumée.',
        ],
      },
    ],
  },
  technician: {
    title: 'Politique de confidentialité pour les techniciens',
    subject: 'Comment le service utilise les données personnelles des techniciens',
    sections: [
      {
        heading: 'Les données que nous recueillons',
        blocks: [
          'Vos nom, adresse électronique, numéro de téléphone et service prestataire ; la date et l\u2019heure de ' +
            'vos connexions ; ainsi que les demandes que vous passez et les tests supervisés que vous lancez, ' +
            'afin que chaque action sur les données des patients puisse être retracée.',
        ],
      },
      {
        heading: 'Vos obligations à l\u2019égard des données des patients',
        blocks: [
          'Vous n\u2019accédez aux données que des patients de votre service prestataire et uniquement pour leur ' +
            'faire passer leurs tests. Ne partagez pas votre compte, déconnectez-vous des tablettes partagées et ' +
            'signalez sans délai toute violation de données présumée.',
        ],
      },
    ],
  },
  patient: {
    title: 'Notice d\u2019information sur la confidentialité pour les patients',
    subject: 'Comment le service utilise les données personnelles des patients qui passent l\u2019évaluation',
    sections: [
      {
        heading: 'Les données que nous recueillons',
        blocks: [
          'Vos nom, date de naissance, sexe, langue préférée et, si votre clinique l\u2019a fournie, votre adresse ' +
            'électronique ; vos réponses et vos temps de réponse pendant le test ; ainsi que la date et l\u2019heure ' +
            'auxquelles vous avez accepté la présente notice.',
        ],
      },
      {
        heading: 'Pourquoi nous les utilisons',
        blocks: [
          'Pour vérifier que c\u2019est bien la bonne personne qui passe le test, calculer vos résultats et les ' +
            'comparer à ceux de personnes de votre âge, et les transmettre au clinicien qui a demandé le test. ' +
            'Vos données ne sont jamais vendues ni utilisées à des fins publicitaires.',
        ],
      },
    ],
  },
};

const privacyTexts: Record<DocumentLanguage, PrivacyTexts> = {
  'en-US': englishPrivacy,
  'es-US': spanishPrivacy,
  'fr-FR': frenchPrivacy,
};

const privacyAudiences = { clinician: 'clinicians', technician: 'technicians', patient: 'patients' } as const;

/** Every privacy document in every language of documentLanguages.privacy, en-US first (the resource config's). */
export const privacyDocuments: readonly DemoDocument[] = documentLanguages.privacy.flatMap((language) =>
  (['clinician', 'technician', 'patient'] as const).map((role): DemoDocument => {
    const texts = privacyTexts[language];
    const own = texts[role];
    return {
      path: `docs/privacy/${role}-${language}.pdf`,
      title: own.title,
      subject: own.subject,
      language,
      sections: [...own.sections, ...texts.common(privacyAudiences[role])],
    };
  }),
);

export const resourceDocuments: readonly DemoDocument[] = [
  {
    path: 'docs/resources/quick-start-guide-en-US.pdf',
    title: 'Quick start guide',
    subject: 'The first steps with the Cognitive Assessment for clinic staff',
    language: 'en-US',
    sections: [
      aboutTheTest,
      {
        heading: 'Five steps to a first result',
        blocks: [
          [
            'Sign in with the email address and password from your welcome email.',
            'Open Patients and add a patient, or find one with the search box.',
            'Choose New assessment: Out-Of-Clinic sends a link by email, In-Clinic runs on a clinic tablet.',
            'The patient confirms who they are, accepts the privacy notice and takes the test.',
            "Open the finished order from the patient's page to read the cognitive report.",
          ],
        ],
      },
      gettingHelp,
    ],
  },
  {
    path: 'docs/resources/preparing-the-patient-en-US.pdf',
    title: 'Preparing the patient for testing',
    subject: 'Test considerations: environment, explanation and accommodations',
    language: 'en-US',
    sections: [
      {
        heading: 'The environment',
        blocks: [
          'Results are most reliable when the patient is rested and the room is quiet, well lit and free of ' +
            'interruptions. Use the same kind of device for repeated tests of the same patient where possible.',
        ],
      },
      {
        heading: 'Explaining the test',
        blocks: [
          'Tell the patient that the test takes about 15 minutes, uses playing cards, and has four parts, each ' +
            'with instructions and a practice round. There are no trick questions; speed and accuracy both count.',
        ],
      },
      {
        heading: 'When to postpone',
        blocks: [
          [
            'The patient is acutely ill, in pain or very tired.',
            'The patient has taken medicine that affects alertness within the last few hours.',
            'The patient cannot see the screen or use the touch screen or keyboard.',
          ],
        ],
      },
    ],
  },
  {
    path: 'docs/resources/understanding-the-report-en-US.pdf',
    title: 'Understanding the cognitive report',
    subject: 'How to read the scores of the cognitive report',
    language: 'en-US',
    sections: [
      {
        heading: 'What the report shows',
        blocks: [
          "For each of the four tests the report shows the patient's score and where it lies compared with " +
            'healthy people of the same age. When the patient has an earlier result, the report also shows the ' +
            'change from that baseline.',
        ],
      },
      {
        heading: 'Interpreting a result',
        blocks: [
          'A single score outside the expected range is a reason to look further, not a diagnosis. Consider the ' +
            "patient's history, mood, medication and the test conditions, and repeat the test when in doubt.",
        ],
      },
    ],
  },
  {
    path: 'docs/resources/technical-requirements-en-US.pdf',
    title: 'Technical requirements',
    subject: 'Devices, browsers and network requirements',
    language: 'en-US',
    sections: [
      {
        heading: 'Browsers',
        blocks: [
          'A recent version of Chrome or Edge (98 or newer), Firefox (94 or newer) or Safari on macOS, iPadOS or ' +
            'iOS (15.4 or newer). Older browsers are shown a page that says the browser is not supported.',
        ],
      },
      {
        heading: 'Devices and network',
        blocks: [
          [
            'A screen of at least 9.7 inches for the test; a touch screen or a keyboard.',
            'A steady connection while the test runs; the rest of the application tolerates short drops.',
            'For offline use, open the application once while online so the device keeps its copy.',
          ],
        ],
      },
    ],
  },
];

export const allDocuments: readonly DemoDocument[] = [...userManuals, ...privacyDocuments, ...resourceDocuments];
