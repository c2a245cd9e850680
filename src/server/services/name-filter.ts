// Names other players read (team names, hunter handles; issue 42): children play, so words a
// maintained profanity list refuses are refused, with their disguises (l33t, spacing, repeats), and
// without the Scunthorpe problem ('Assassins', 'Cockatoos' pass). The list is obscenity's English
// dataset with its recommended transformers (decision 977).
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

/** What the doors ask of the filter (a stand-in in tests, another list later). */
export interface NameFilter {
  /** Whether the text holds a refused word. */
  refuses(text: string): boolean;
}

class ObscenityFilter implements NameFilter {
  private readonly matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

  refuses(text: string): boolean {
    return this.matcher.hasMatch(text);
  }
}

/** The filter every door uses (built once: the matcher compiles its patterns). */
export const nameFilter: NameFilter = new ObscenityFilter();
