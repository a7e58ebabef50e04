// The states of a job status record (the spec's filter values).

export type JobState = 'queued' | 'processing' | 'done' | 'error' | 'cancelled';
export const JOB_STATES: readonly JobState[] = ['queued', 'processing', 'done', 'error', 'cancelled'];
