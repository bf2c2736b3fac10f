/** The Trade view's keyboard-driven dialogs, whichever `useTradeDialogs` has open. */
import type { TradeTarget } from '../../stores/tradeTargetStore';
import { CancelAllDialog } from './CancelAllDialog';
import { FlattenDialog } from './FlattenDialog';
import { KillSwitchDialog } from './risk/KillSwitchDialog';
import { ShortcutsSheet } from './ticket/ShortcutsHelp';
import { useTradeDialogs } from './tradeDialogs';

export function TradeDialogs({ target }: { target: TradeTarget | null }) {
  const { cancel, flatten, kill, help, close } = useTradeDialogs();
  return (
    <>
      {cancel ? <CancelAllDialog scope={cancel} onClose={close} /> : null}
      {flatten && target ? <FlattenDialog target={target} onClose={close} /> : null}
      {kill ? <KillSwitchDialog onClose={close} /> : null}
      {help ? <ShortcutsSheet onClose={close} /> : null}
    </>
  );
}
