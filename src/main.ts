// Process entry for bin/pagelens.
import { main } from './cli.js';

await main(process.argv);
