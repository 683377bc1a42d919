import { Button, Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { UI } from '../../../config/labels.ts';
import { AREA_HOME } from '../../../config/routes.ts';

/** `/`: the user picks the area; the area's guard sends them to its login page if needed. */
export function ChooseAreaPage() {
  return (
    <Container size={480} px={0} py="md">
      <Stack gap="md">
        <Text ta="center">{UI.chooseArea}</Text>
        <Button component={Link} to={AREA_HOME.RDC} size="xl" h={96} styles={{ label: { whiteSpace: 'normal' } }}>
          {UI.rdcArea}
        </Button>
        <Button component={Link} to={AREA_HOME.LDC} size="xl" h={96} variant="light" styles={{ label: { whiteSpace: 'normal' } }}>
          {UI.ldcArea}
        </Button>
      </Stack>
    </Container>
  );
}
