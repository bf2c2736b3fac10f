/**
 * Boards: biggest winners (wide, left); beside it the traders or the builders leaderboard (one
 * card, switched by its tabs) over builder volume (right).
 */
import { useState } from 'react';
import { useBoardsStore } from '../../stores/boardsStore';
import { BuildersBoard } from './BuildersBoard';
import { TradersBoard } from './TradersBoard';
import { BuilderVolumePanel } from './BuilderVolumePanel';
import { WinnersBoard } from './WinnersBoard';

export function BoardsPage() {
  const [filter, setFilter] = useState('');
  const ranking = useBoardsStore((s) => s.ranking);
  return (
    <section className="view boards" data-testid="view-boards" aria-label="Boards">
      <header className="an-header bd-header">
        <span className="muted">Ranked boards from the analytics service. Click a market to trade it, a wallet to look it up.</span>
        <input className="input an-filter" placeholder="Filter the rows shown" value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="boards-filter" />
      </header>
      <div className="bd-body">
        <WinnersBoard filter={filter} />
        <div className="bd-side">
          {ranking === 'traders' ? <TradersBoard filter={filter} /> : <BuildersBoard filter={filter} />}
          <BuilderVolumePanel />
        </div>
      </div>
    </section>
  );
}
