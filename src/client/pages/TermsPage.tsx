import { LegalDocument, type LegalSection } from '../features/legal/LegalDocument';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Acceptance',
    paragraphs: ['By creating an account or joining a hunting session you agree to these terms.'],
  },
  {
    heading: 'Eligibility',
    bullets: [
      'You must be at least 13 years old to use Dinohunt.',
      'Players under 18 must be supervised by an adult during outdoor play.',
    ],
  },
  {
    heading: 'Playing safely',
    paragraphs: [
      'Dinohunt is played outdoors in the real world. Stay aware of your surroundings, traffic and other people; respect private property and local rules; keep the safety distance given in your mission briefing; and never play while driving.',
    ],
  },
  {
    heading: 'Subscriptions and credits',
    paragraphs: [
      'Game masters pay a weekly subscription, or buy session credits, through our card payment provider. Subscriptions renew each week until cancelled and can be cancelled at any time; the current week remains available until it ends.',
    ],
  },
  {
    heading: 'Your content',
    paragraphs: [
      'You keep the rights to the messages, photos and videos you send. You give us the permission needed to deliver them to your session and store them for its duration. Do not upload anything unlawful or that you do not have the right to share.',
    ],
  },
  {
    heading: 'Limitation of liability',
    paragraphs: [
      'To the extent the law allows, our total liability to you for any claim is limited to 100 dollars or the amount you paid us in the last 12 months, whichever is less.',
    ],
  },
  {
    heading: 'Changes to these terms',
    paragraphs: ['We give 30 days notice of any material change to these terms before it takes effect.'],
  },
  {
    heading: 'Governing law',
    paragraphs: ['These terms are governed by the laws of the State of Vermont, United States.'],
  },
];

export function TermsPage() {
  return <LegalDocument title="Terms & Conditions" updated="November 22, 2026" sections={SECTIONS} />;
}
