/** The right column's ranking card: traders or builders, one at a time, switched in its toolbar. */
import { useBoardsStore, type RankingBoard } from '../../stores/boardsStore';

const TABS: Array<[RankingBoard, string]> = [
  ['traders', 'Top traders'],
  ['builders', 'Builders'],
];

export function RankingTabs() {
  const ranking = useBoardsStore((s) => s.ranking);
  const setRanking = useBoardsStore((s) => s.setRanking);
  return (
    <div className="tabs an-tabs bd-ranking-tabs" role="tablist" aria-label="Ranking">
      {TABS.map(([id, label]) => (
        <button key={id} type="button" role="tab" className="tab" aria-selected={ranking === id} onClick={() => setRanking(id)} data-testid={`ranking-tab-${id}`}>
          {label}
        </button>
      ))}
    </div>
  );
}
