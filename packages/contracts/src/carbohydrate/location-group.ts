/** A group's rows as its name reads them: a merged group's row carries the group's distinct clients and farms. */
export interface GroupRow {
  entity: string;
  farmName: string;
  groupClients?: string[] | null;
  groupFarms?: string[] | null;
}

/** up to three names in full ('A, B, C'), more as their count ('5 clients') */
function names(all: string[], noun: string): string {
  return all.length > 3 ? `${all.length} ${noun}` : all.join(', ');
}

/**
 * A location group's name, for people (ADR 0070): the key (`L` + job id + a hash of client and farm, or `M` +
 * merged group id) holds no user text, so the name is made from the group's rows: a job's group is one client and
 * farm, 'Client · Farm · J12'; a merged group, which may span jobs, clients and farms, names every client and farm
 * it holds (more than three as their count) and says it is merged: 'A, B · East, West · merged group 3'. The
 * grouped list's header rows and the Excel Group column both use it, so a group reads the same on screen and in the file.
 */
export function locationGroupName(key: string, first: GroupRow): string {
  const clients = first.groupClients?.length ? names(first.groupClients, 'clients') : first.entity.trim();
  const farms = first.groupFarms?.length ? names(first.groupFarms, 'farms') : first.farmName.trim();
  const place = `${clients} · ${farms}`;
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
export function locationGroupNamer(): (row: GroupRow & { group: string }) => string {
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
