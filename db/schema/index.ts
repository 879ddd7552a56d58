// One Drizzle schema for the whole product: every domain's tables, re-exported from here.
export {};
