/** Text for an SQL LIKE / ILIKE pattern with its wildcards (% and _) and the escape (\) taken literally. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** An ILIKE pattern that matches the text anywhere. */
export const containsPattern = (text: string) => `%${likeEscaped(text)}%`;
