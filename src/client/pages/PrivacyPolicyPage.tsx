import { LegalDocument, type LegalSection } from '../features/legal/LegalDocument';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who we are',
    paragraphs: [
      'Dinohunt is a web platform for outdoor, GPS-driven augmented-reality dinosaur hunts. This policy explains what we collect, why, and the choices you have.',
    ],
  },
  {
    heading: 'What we collect',
    bullets: [
      'Account details: first and last name, username, email address and a securely hashed password (never your password itself).',
      'Guest hunters: only the hunter handle you choose for one session.',
      'Location: your device\'s GPS position while you take part in a hunting session, used to place you on the map, compute distances to dinosaurs and show your progress to your game master.',
      'Gameplay: observations, messages, photos and videos you send during a session.',
      'Payments: game masters pay for subscriptions or session credits through our card payment provider (Stripe). Card details go directly to the provider; we never see or store them.',
    ],
  },
  {
    heading: 'GPS data',
    paragraphs: [
      'Location is collected only during an active session and only with your browser\'s permission. GPS data is deleted within 48 hours after a session ends, and so are the photos and videos sent in it (the text of their messages stays).',
      'Until then, your game master can replay the hunt on a map, your path included. Afterwards only the results remain: what each hunter observed, darts used, distance walked and time played.',
    ],
  },
  {
    heading: 'Children',
    paragraphs: [
      'You must be at least 13 years old to use Dinohunt. Players under 18 must be supervised by an adult during outdoor play.',
    ],
  },
  {
    heading: 'Your rights and requests',
    paragraphs: [
      'You may ask to see, correct, export or delete your data. We reply to privacy requests within 48 hours, and most data requests are completed within 7 business days.',
    ],
  },
  {
    heading: 'Changes to this policy',
    paragraphs: ['We give 30 days notice of any material change to this policy before it takes effect.'],
  },
  {
    heading: 'Governing law',
    paragraphs: ['This policy is governed by the laws of the State of Vermont, United States.'],
  },
];

export function PrivacyPolicyPage() {
  return <LegalDocument title="Privacy Policy" updated="November 22, 2026" sections={SECTIONS} />;
}
