import { requestsAutoRejectJob } from '../modules/requests/requests.jobs';
import type { JobDefinition } from './jobs';

/** Every scheduled job of the platform; each module adds its own here. */
export const JOBS: JobDefinition[] = [requestsAutoRejectJob];
