/** The eight demo agents: both types, EN and FR, some inactive, archived or not recordable. */
import type { AgentSeed } from '../domain/agent-profile';

const appointmentExtractors = [
  { name: 'appointment', description: 'The appointment agreed on the call', extractors: [
    { name: 'date', description: 'Day of the appointment' },
    { name: 'time', description: 'Time of the appointment' },
    { name: 'location', description: 'Where it takes place', extractors: [
      { name: 'city', description: 'City' },
      { name: 'branch', description: 'Branch name' },
    ] },
  ] },
  { name: 'email', description: 'Email address given by the caller' },
];

export const AGENT_SEEDS: AgentSeed[] = [
  {
    name: 'Appointment Reminder',
    type: 'OUTBOUND', active: true, recordable: true, archived: false,
    phoneNumbers: ['+14155550101'], did: 'sip:reminder@voice.example.com',
    extractors: appointmentExtractors,
    classifiers: [
      { name: 'intent', description: 'What the person wants', values: ['CONFIRM', 'RESCHEDULE', 'CANCEL'] },
      { name: 'sentiment', description: 'Overall tone', values: ['POSITIVE', 'NEUTRAL', 'NEGATIVE'] },
    ],
    profile: {
      language: 'en',
      agentLines: [
        'Hello {{ firstName }}, this is Ava from Northwind Clinics calling about your appointment.',
        'You are booked for {{ appointmentDate }}. Does that still work for you?',
        'Great. Could you confirm the email address we should send the reminder to?',
        'Thank you. Is there anything else I can help you with today?',
        'Perfect, you are all set. Have a lovely day!',
      ],
      humanLines: ['Hi, yes, speaking.', 'Yes, that works for me.', 'Sure, it is my usual address.', 'No, that is all, thanks.'],
      samples: { date: ['2026-12-01', '2026-12-03', '2026-12-08'], time: ['09:30', '14:00', '16:15'], city: ['San Francisco', 'Oakland'], branch: ['Mission', 'Downtown'], email: ['alex@example.com', 'sam@example.org'] },
      outcomes: { COMPLETED: 50, NO_ANSWER: 15, VOICE_BOX: 12, UNREACHABLE: 5, FAILED: 3, TRANSFERRED: 5, REJECTED: 5, FAILOVER: 2, CANCELED: 3 },
    },
  },
  {
    name: 'Rappel de rendez-vous',
    type: 'OUTBOUND', active: true, recordable: true, archived: false,
    phoneNumbers: ['+33180000101'], did: 'sip:rappel@voice.example.com',
    extractors: [
      { name: 'rendezVous', description: 'Le rendez-vous convenu', extractors: [
        { name: 'date', description: 'Jour du rendez-vous' },
        { name: 'heure', description: 'Heure du rendez-vous' },
      ] },
      { name: 'motif', description: "Motif de l'appel" },
    ],
    classifiers: [{ name: 'intention', description: 'Ce que veut la personne', values: ['CONFIRMER', 'DEPLACER', 'ANNULER'] }],
    profile: {
      language: 'fr',
      agentLines: [
        'Bonjour {{ prenom }}, ici Léa du cabinet Martin, je vous appelle au sujet de votre rendez-vous.',
        'Vous êtes attendu le {{ dateRendezVous }}. Cela vous convient-il toujours ?',
        "Très bien. Souhaitez-vous recevoir un rappel par SMS la veille ?",
        'Parfait, je note tout cela. Bonne journée !',
      ],
      humanLines: ['Oui, bonjour.', 'Oui, ça me va.', 'Oui, volontiers.'],
      samples: { date: ['2026-12-02', '2026-12-04'], heure: ['10:00', '15:30'], motif: ['Contrôle annuel', 'Suivi'] },
      outcomes: { COMPLETED: 55, NO_ANSWER: 15, VOICE_BOX: 15, UNREACHABLE: 5, FAILED: 3, REJECTED: 5, CANCELED: 2 },
    },
  },
  {
    name: 'Customer Support Line',
    type: 'INBOUND', active: true, recordable: true, archived: false,
    phoneNumbers: ['+14155550102', '+14155550103'], did: 'sip:support@voice.example.com',
    extractors: [
      { name: 'issue', description: 'The problem reported', extractors: [
        { name: 'category', description: 'Billing, delivery or account' },
        { name: 'orderNumber', description: 'Order number if any' },
      ] },
      { name: 'callbackNumber', description: 'Number to call back' },
    ],
    classifiers: [{ name: 'resolution', description: 'How the call ended', values: ['RESOLVED', 'ESCALATED', 'UNRESOLVED'] }],
    profile: {
      language: 'en',
      agentLines: [
        'Thank you for calling Northwind support, this is Max. How can I help?',
        'I am sorry to hear that. Could you give me your order number?',
        'Thanks, I can see the order. I have opened a ticket and you will get an update within a day.',
        'Is there anything else I can do for you?',
      ],
      humanLines: ['Hi, my parcel has not arrived yet.', 'It is NW-48213.', 'Okay, thank you.', 'No, that is all.'],
      samples: { category: ['delivery', 'billing', 'account'], orderNumber: ['NW-48213', 'NW-50117'], callbackNumber: ['+14155550199'] },
      outcomes: { COMPLETED: 70, TRANSFERRED: 15, FAILED: 5, FAILOVER: 5, CANCELED: 5 },
    },
  },
  {
    name: 'Service client',
    type: 'INBOUND', active: true, recordable: false, archived: false,
    phoneNumbers: ['+33180000102'], did: null,
    extractors: [{ name: 'demande', description: 'La demande du client' }],
    classifiers: [{ name: 'satisfaction', description: 'Satisfaction exprimée', values: ['SATISFAIT', 'NEUTRE', 'INSATISFAIT'] }],
    profile: {
      language: 'fr',
      agentLines: ['Service client Northwind, bonjour. Que puis-je faire pour vous ?', 'Je comprends. Je transmets votre demande.', 'Merci de votre appel, au revoir.'],
      humanLines: ['Bonjour, je voudrais changer mon adresse.', "D'accord, merci."],
      samples: { demande: ["Changement d'adresse", 'Question sur une facture'] },
      outcomes: { COMPLETED: 75, TRANSFERRED: 10, FAILED: 10, CANCELED: 5 },
    },
  },
  {
    name: 'Renewal Outreach',
    type: 'OUTBOUND', active: true, recordable: true, archived: false,
    phoneNumbers: ['+442071838750'], did: 'sip:renewals@voice.example.com',
    extractors: [
      { name: 'renewal', description: 'Renewal decision', extractors: [
        { name: 'plan', description: 'Chosen plan' },
        { name: 'term', description: 'Term in months' },
        { name: 'payment', description: 'Payment details', extractors: [
          { name: 'method', description: 'Card or transfer' },
          { name: 'day', description: 'Day of the month' },
        ] },
      ] },
    ],
    classifiers: [
      { name: 'decision', description: 'Outcome of the offer', values: ['RENEWED', 'DECLINED', 'THINKING'] },
      { name: 'sentiment', description: 'Overall tone', values: ['POSITIVE', 'NEUTRAL', 'NEGATIVE'] },
    ],
    profile: {
      language: 'en',
      agentLines: [
        'Good afternoon {{ firstName }}, I am calling from Northwind about your {{ plan }} plan, which ends soon.',
        'We can renew it today at the same price for twelve months. Would you like that?',
        'Wonderful. Shall we keep the same card on file?',
        'Done. You will receive a confirmation by email. Thank you!',
      ],
      humanLines: ['Oh, hello.', 'Yes, go ahead and renew it.', 'Yes, same card.'],
      samples: { plan: ['Premium', 'Standard'], term: ['12', '24'], method: ['card', 'transfer'], day: ['1', '15'] },
      outcomes: { COMPLETED: 40, NO_ANSWER: 20, VOICE_BOX: 20, UNREACHABLE: 7, REJECTED: 8, FAILED: 5 },
    },
  },
  {
    name: 'Survey Bot (paused)',
    type: 'OUTBOUND', active: false, recordable: true, archived: false,
    phoneNumbers: ['+14155550104'], did: null,
    extractors: [{ name: 'score', description: 'Score from 0 to 10' }, { name: 'comment', description: 'Free comment' }],
    classifiers: [{ name: 'promoter', description: 'NPS group', values: ['PROMOTER', 'PASSIVE', 'DETRACTOR'] }],
    profile: {
      language: 'en',
      agentLines: ['Hi {{ firstName }}, do you have one minute for a short survey?', 'From zero to ten, how likely are you to recommend us?', 'Thank you for your feedback!'],
      humanLines: ['Sure.', 'I would say nine.'],
      samples: { score: ['9', '7', '3'], comment: ['Great service', 'Too slow'] },
      outcomes: { COMPLETED: 45, NO_ANSWER: 25, VOICE_BOX: 20, FAILED: 10 },
    },
  },
  {
    name: 'Legacy Collections',
    type: 'OUTBOUND', active: false, recordable: false, archived: true,
    phoneNumbers: ['+14155550105'], did: null,
    extractors: [{ name: 'promiseToPay', description: 'Date promised' }],
    classifiers: [{ name: 'outcome', description: 'Result', values: ['PROMISED', 'REFUSED'] }],
    profile: {
      language: 'en',
      agentLines: ['Hello {{ firstName }}, this is a reminder about an open balance.', 'When would you be able to settle it?', 'Thank you, noted.'],
      humanLines: ['Hello.', 'Next Friday.'],
      samples: { promiseToPay: ['2026-12-05'] },
      outcomes: { COMPLETED: 35, NO_ANSWER: 30, REJECTED: 20, UNREACHABLE: 15 },
    },
  },
  {
    name: 'Night Line (archived)',
    type: 'INBOUND', active: false, recordable: true, archived: true,
    phoneNumbers: ['+14155550106'], did: 'sip:night@voice.example.com',
    extractors: [{ name: 'reason', description: 'Reason for calling' }],
    classifiers: [{ name: 'urgency', description: 'How urgent', values: ['HIGH', 'LOW'] }],
    profile: {
      language: 'en',
      agentLines: ['Northwind night line. What is the reason for your call?', 'I have logged it; the day team will call you back.'],
      humanLines: ['My access badge stopped working.'],
      samples: { reason: ['Access badge', 'Lost card'] },
      outcomes: { COMPLETED: 80, FAILED: 10, TRANSFERRED: 10 },
    },
  },
];
