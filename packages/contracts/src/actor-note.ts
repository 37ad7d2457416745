/**
 * The actor note's limit, apart from the note's schemas (actors.ts): the profile page renders it, and a
 * page that imports a constant of a module with schemas gets those schemas, and zod, in its first load
 * (issue 15, decision 0035).
 */

/** Actor notes: at most 2000 characters; an empty comment deletes the note. */
export const ACTOR_NOTE_MAX_LENGTH = 2000;
