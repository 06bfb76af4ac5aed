/** Where the page is, as far as the last render knows: React Router's location key and search. */
export type TShownLocation = { key: string; search: string };

/** One form for a search, so that an asked-for search and the one the router shows compare equal. */
export const normalSearch = (search: string | URLSearchParams): string => new URLSearchParams(search).toString();

/**
 * The searches asked for that the page does not show yet. React Router's setSearchParams starts every change from the
 * search of the last render, so two changes made before the page renders again (a quick user, a page whose code is
 * still loading) lose the first: a filter chosen, then another, keeps only the second. Each change here starts from
 * the last one asked for instead.
 */
export class SearchChanges {
  private from: string;
  private asked: string[] = [];

  constructor(shown: TShownLocation) {
    this.from = shown.key;
  }

  /** The search a change starts from: the last one asked for if it has not arrived yet, otherwise the one shown. */
  latest(shown: TShownLocation): string {
    const search = normalSearch(shown.search);
    if (shown.key !== this.from) {
      // The page moved: to a search we asked for (those before it arrived too), or elsewhere (Back), which ends them all.
      const arrived = this.asked.lastIndexOf(search);
      this.asked = arrived >= 0 ? this.asked.slice(arrived + 1) : [];
      this.from = shown.key;
    }
    return this.asked.at(-1) ?? search;
  }

  /** Records a search asked for; the caller then navigates to it. */
  ask(search: URLSearchParams): string {
    const asked = normalSearch(search);
    this.asked.push(asked);
    return asked;
  }
}
