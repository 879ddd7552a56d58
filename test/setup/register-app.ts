// Integration tests call services directly, as the server's entries do after lib/app/register.ts: the event
// catalogue, the task list and the sweep list are provided before any test runs.
import '@/lib/app/register';
