/** After the resilience run, pass or fail, docs/reliability.md is rewritten from the figures the suites wrote. */
import { writeDoc } from './write-doc';

export default function setup() {
  return () => writeDoc();
}
