/**
 * A session password a game master can read out in a park: two short common words
 * and a number ("amber-raptor-4821"): 48 x 40 x 9,000, about 17 million (24 bits) from a
 * secure source. Enough against guessing, since every join door is throttled and a game
 * session locks after 30 wrong passwords in 15 minutes from all addresses (decision 930).
 */
const ADJECTIVES = [
  'amber', 'bold', 'brave', 'calm', 'clever', 'coral', 'crisp', 'dusty', 'eager', 'fern',
  'fierce', 'gentle', 'golden', 'green', 'hidden', 'jolly', 'keen', 'lively', 'lucky', 'mighty',
  'misty', 'nimble', 'olive', 'proud', 'quick', 'quiet', 'rapid', 'rocky', 'rusty', 'sandy',
  'sharp', 'silent', 'silver', 'sly', 'smart', 'steady', 'stormy', 'sunny', 'swift', 'tidy',
  'tiny', 'vivid', 'wild', 'windy', 'wise', 'young', 'zesty', 'mossy',
] as const;
const CREATURES = [
  'raptor', 'rex', 'stego', 'tricera', 'bronto', 'ptero', 'ankylo', 'spino', 'dilo', 'iguano',
  'compy', 'allo', 'pachy', 'parasaur', 'brachio', 'carno', 'gallimimus', 'maiasaur', 'oviraptor', 'troodon',
  'fossil', 'amber', 'canyon', 'comet', 'crater', 'delta', 'dune', 'fern', 'geyser', 'glacier',
  'jungle', 'lagoon', 'meteor', 'mesa', 'river', 'ridge', 'swamp', 'tundra', 'volcano', 'canopy',
] as const;

/** The kinds of characters in a password: letters (any script), digits, anything else (a hyphen, a space). */
export function characterKinds(password: string): number {
  const letters = /\p{L}/u.test(password);
  const digits = /\p{N}/u.test(password);
  const others = /[^\p{L}\p{N}]/u.test(password);
  return Number(letters) + Number(digits) + Number(others);
}

/** `randomInt(n)` returns an integer in [0, n) from a secure source (crypto in browsers). */
export function readableSessionPassword(randomInt: (n: number) => number): string {
  const adjective = ADJECTIVES[randomInt(ADJECTIVES.length)] ?? ADJECTIVES[0];
  const creature = CREATURES[randomInt(CREATURES.length)] ?? CREATURES[0];
  const number = 1000 + randomInt(9000);
  return `${adjective}-${creature}-${number}`;
}
