// Owns the enumerations of files shared by the tables, the wire schemas and the portal (no drizzle, no db/).

export const FILE_PURPOSES = ['sender_document', 'proof_of_settlement', 'batch_source', 'other'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Where the bytes live: in this row (the default backend) or in an S3-compatible bucket under `storage_key`. */
export const FILE_STORAGES = ['postgres', 's3'] as const;
export type FileStorage = (typeof FILE_STORAGES)[number];
