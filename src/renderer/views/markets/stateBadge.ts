/**
 * State badges shared by event rows, market rows and the event page: RESOLVED (with the winner
 * when known), ENDED (past its end date, waiting to be resolved), and the others a market can be in.
 */
export interface BadgeFacts {
  closed: boolean;
  ended: boolean;
  active?: boolean;
  acceptingOrders?: boolean;
  winner?: string | null;
}

export function stateBadge(facts: BadgeFacts): { label: string; tone: string; title: string } | null {
  if (facts.closed) {
    return { label: facts.winner ? `RESOLVED · ${facts.winner.toUpperCase()}` : 'RESOLVED', tone: 'resolved', title: 'Resolved: trading is over and the outcome is decided' };
  }
  if (facts.ended) return { label: 'ENDED', tone: 'ended', title: 'The end date has passed; waiting to be resolved' };
  if (facts.active === false) return { label: 'NOT OPEN YET', tone: 'muted', title: 'Trading has not started' };
  if (facts.acceptingOrders === false) return { label: 'NOT ACCEPTING ORDERS', tone: 'muted', title: 'The exchange takes no orders on this market now' };
  return null;
}
