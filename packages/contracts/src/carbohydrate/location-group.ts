/**
 * A location group's name, for people (ADR 0070): the key (`L` + job id + a hash of client and farm, or `M` +
 * merged group id) holds no user text, so the name is made from the group's first row: 'Client · Farm · J12';
 * a merged group, which may span jobs, says so: 'Client · Farm · merged group 3'. The grouped list's header rows
 * and the Excel Group column both use it, so a group reads the same on screen and in the file.
 */
export function locationGroupName(key: string, first: { entity: string; farmName: string }): string {
  const place = `${first.entity.trim()} · ${first.farmName.trim()}`;
  const job = /^L0*(\d+)-/.exec(key);
  if (job) return `${place} · J${job[1]}`;
  const merged = /^M0*(\d+)$/.exec(key);
  if (merged) return `${place} · merged group ${merged[1]}`;
  return place;
}

/**
 * Names the groups of rows ordered by group (the grouped list, its Excel): each row is told its group's
 * name, taken from the first row of the group seen.
 */
export function locationGroupNamer(): (row: { group: string; entity: string; farmName: string }) => string {
  let key: string | null = null;
  let name = '';
  return (row) => {
    if (row.group !== key) {
      key = row.group;
      name = locationGroupName(row.group, row);
    }
    return name;
  };
}
