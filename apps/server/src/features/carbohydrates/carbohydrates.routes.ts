import { carbohydratesEndpoints } from '@sapwood/contracts';
import type { AppDeps } from '../../http/context';
import type { Registrar } from '../../http/registrar';
import { CarbohydratesExcelService } from './carbohydrates-excel.service';
import { CarbohydratesService } from './carbohydrates.service';

export function registerCarbohydrates(registrar: Registrar, deps: AppDeps): void {
  const service = new CarbohydratesService(deps.db, deps.config);
  const excel = new CarbohydratesExcelService(service.results);
  registrar.feature(carbohydratesEndpoints, {
    paged: (input) => service.paged(input),
    pagedgroupedlocation: (input) => service.pagedGrouped(input),
    filteroptions: () => service.filterOptions(),
    mergeentries: (input, ctx) => service.merge(input.ids, ctx.user.id),
    getapidata: (input, ctx) => service.apiData(input.id, ctx.user),
    upsertcarbohydrateresult: (input, ctx) => service.update(input, ctx.user.id),
    pagedexcel: (input, ctx) => excel.list(input, ctx.reply),
    pagedexcelgroupedlocation: (input, ctx) => excel.groupedOneSheet(input, ctx.reply),
    pagedexcelgroupedlocationfile: (input, ctx) => excel.groupedSheetPerGroup(input, ctx.reply),
    pagedexcelids: (input, ctx) => excel.selected(input.ids, ctx.reply),
  });
}
