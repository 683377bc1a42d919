import { useNavigate, useSearchParams } from 'react-router';
import type { Area } from '@pharma/domain/contract/inventory';
import { REPACK_PAGES } from '../../../config/navigation.ts';
import { RepackCompletedNote } from './repack-completed-note.tsx';
import { RepackLoader } from './repack-loader.tsx';
import { RepackWorkbench } from './repack-workbench.tsx';

/**
 * /rdc/pallet/repack?repackNo= ('Repack - Edit Pallet'): the repack's scan loop; once completed,
 * 'Repack - View Pallet' with the server's message. Without a number: the repack scan.
 */
export function RepackEditPage({ area }: { area: Area }) {
  const repackNo = useSearchParams()[0].get('repackNo') ?? '';
  const navigate = useNavigate();
  return (
    <RepackLoader repackNo={repackNo} area={area} missing={REPACK_PAGES.open()}>
      {(repack) =>
        repack.state === 'REPACK_COMPLETE' ? (
          <RepackCompletedNote to={REPACK_PAGES.view(repackNo)} />
        ) : (
          <RepackWorkbench
            repack={repack}
            area={area}
            onCompleted={(message) => void navigate(REPACK_PAGES.view(repackNo), { state: { message } })}
          />
        )
      }
    </RepackLoader>
  );
}
