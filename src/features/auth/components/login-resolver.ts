import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@/shared/contracts/auth';

export const loginResolver = zodResolver(loginRequestSchema);
