import { Anchor, Box, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PostFlightDiary } from '@/features/post-flights/components/post-flight-diary';

/** /backoffice/postflights/{id}: the post-flight diary of mission {id}. */
export default function PostflightRoute() {
  const { t } = useTranslation('postFlights');
  const { id = '' } = useParams();
  return (
    <Box p="md" maw={900} mx="auto">
      <Stack>
        <Anchor component={Link} to={paths.preflightEdit.getHref(id)} size="sm">
          {t('backToMission')}
        </Anchor>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <PostFlightDiary missionId={id} />
      </Stack>
    </Box>
  );
}
