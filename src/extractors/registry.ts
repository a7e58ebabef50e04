// Component extractors by type. Both the page step of document processing and the standalone
// `extract_component` job look their extractor up here; a type without one fails here, once,
// with one message.
import type { ComponentType } from '../components/model.js';
import { PipelineError } from '../pipeline/types.js';
import type { Extractor } from './types.js';

export class ExtractorRegistry {
  private readonly byType = new Map<ComponentType, Extractor>();

  register(extractor: Extractor): this {
    if (this.byType.has(extractor.type)) throw new Error(`extractor registered twice: ${extractor.type}`);
    this.byType.set(extractor.type, extractor);
    return this;
  }

  has(type: string): type is ComponentType {
    return this.byType.has(type as ComponentType);
  }

  /** The extractor of `type`; a PipelineError ('unsupported') when there is none. */
  get(type: string): Extractor {
    const found = this.byType.get(type as ComponentType);
    if (!found) throw new PipelineError(`No extractor for ${type} components (extractors exist for: ${this.types().join(', ')})`, 'unsupported');
    return found;
  }

  /** The types with an extractor, in registration order. */
  types(): ComponentType[] {
    return [...this.byType.keys()];
  }
}
