import { AppError } from '../../lib/app-error';
import type { AirspacesRepository } from '../airspaces/airspaces.repository';

export type AirspaceAccess = Pick<AirspacesRepository, 'isManagedBy'>;

/** An airspace's rules and activations belong to its managers: anyone else is answered "not found". */
export async function assertManages(airspaces: AirspaceAccess, userId: string, airspaceId: string): Promise<void> {
  if (!(await airspaces.isManagedBy(airspaceId, userId))) throw new AppError('NOT_FOUND', 'Airspace not found');
}
