// The external document-analysis services PageLens can call as a baseline (POST /components
// ?baseline_provider=...): Azure AI Document Intelligence and Google Cloud Vision.
import { AZURE_PROVIDER, AzureDocumentIntelligence } from './azure.js';
import { GOOGLE_PROVIDER, GoogleCloudVision } from './google-vision.js';
import type { DocumentAnalysisSettings } from './settings.js';
import type { DocumentAnalyzer } from './types.js';

export { AZURE_PROVIDER, AzureDocumentIntelligence, GOOGLE_PROVIDER, GoogleCloudVision };
export * from './settings.js';
export type { AnalyzedCell, AnalyzedTable, AnalyzeOptions, DocumentAnalysis, DocumentAnalyzer } from './types.js';

export interface DocumentAnalyzers {
  azure: DocumentAnalyzer | null;
  google: DocumentAnalyzer | null;
}

export function createDocumentAnalyzers(settings: DocumentAnalysisSettings): DocumentAnalyzers {
  return {
    azure: settings.azure && new AzureDocumentIntelligence(settings.azure),
    google: settings.google && new GoogleCloudVision(settings.google),
  };
}
