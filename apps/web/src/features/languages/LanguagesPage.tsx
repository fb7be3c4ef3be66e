import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/layout/PageTitle';
import { useText } from '../../lib/i18n';
import { KeysTab } from './KeysTab';
import { LanguagesTab } from './LanguagesTab';

/** /languages: the Languages tab and the Keys tab (spec part 2 §2); the open tab lives in the URL. */
export default function LanguagesPage() {
  const t = useText();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'keys' ? 'keys' : 'languages';
  return (
    <>
      <PageTitle />
      <Tabs value={tab} onChange={(v) => setParams(v === 'keys' ? { tab: 'keys' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="languages" data-testid="tab-languages">{t('languages.tab.languages', 'Languages')}</Tabs.Tab>
          <Tabs.Tab value="keys" data-testid="tab-keys">{t('languages.tab.keys', 'Keys')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="languages"><LanguagesTab /></Tabs.Panel>
        <Tabs.Panel value="keys"><KeysTab /></Tabs.Panel>
      </Tabs>
    </>
  );
}
