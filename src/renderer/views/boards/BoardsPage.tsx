/** Boards: biggest winners (wide, left), the builders leaderboard and builder volume (right). */
import { useState } from 'react';
import { BuildersBoard } from './BuildersBoard';
import { BuilderVolumePanel } from './BuilderVolumePanel';
import { WinnersBoard } from './WinnersBoard';

export function BoardsPage() {
  const [filter, setFilter] = useState('');
  return (
    <section className="view boards" data-testid="view-boards" aria-label="Boards">
      <header className="an-header bd-header">
        <span className="muted">Ranked boards from the analytics service. Click a market to trade it, a wallet to look it up.</span>
        <input className="input an-filter" placeholder="Filter the rows shown" value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="boards-filter" />
      </header>
      <div className="bd-body">
        <WinnersBoard filter={filter} />
        <div className="bd-side">
          <BuildersBoard filter={filter} />
          <BuilderVolumePanel />
        </div>
      </div>
    </section>
  );
}
