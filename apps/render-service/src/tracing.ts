// main.ts imports this first: instrumentations patch the modules they trace as those load.
import { startTracing } from '@portal/tracing';

startTracing('render-service');
