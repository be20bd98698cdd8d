import { redirect } from 'next/navigation';
import { currentSession } from '@/bff/console/session';

/** The console's front door: its payments once signed in, else the sign-in page. */
export default async function ConsoleHome() {
  redirect((await currentSession()) ? '/console/payments' : '/console/sign-in');
}
