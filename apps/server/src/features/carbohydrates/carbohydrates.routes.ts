import { carbohydratesEndpoints } from '@sapwood/contracts';
import { JsonText } from '../../http/json-text';
import { lean } from '../../http/lean-router';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { CarbohydratesExcelService } from './carbohydrates-excel.service';
import { CarbohydratesService } from './carbohydrates.service';

export function registerCarbohydrates(registrar: Registrar, deps: FeatureContext): void {
  const service = new CarbohydratesService(deps.db, deps.config);
  const excel = new CarbohydratesExcelService(service.results);
  registrar.feature(carbohydratesEndpoints, {
    paged: lean(async (input) => JsonText.page(await service.paged(input))),
    pagedgroupedlocation: lean(async (input) => JsonText.page(await service.pagedGrouped(input))),
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
