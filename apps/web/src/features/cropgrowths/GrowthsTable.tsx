import { type Announcements, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Checkbox, Group, Table, Tooltip } from '@mantine/core';
import { IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import type { LocalGrowth } from './growthState';

interface RowProps {
  g: LocalGrowth;
  index: number;
  onEdit: () => void;
  onDelete: () => void;
  onDisplay: (v: boolean) => void;
}

const num = (v: number | null) => (v === null ? '' : String(v));

function GrowthRow({ g, index, onEdit, onDelete, onDisplay }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: g.key });
  return (
    <Table.Tr
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, background: isDragging ? 'var(--mantine-color-teal-0)' : undefined, position: 'relative', zIndex: isDragging ? 1 : undefined }}
      data-testid="growth-row"
      data-growth-name={g.name}
    >
      <Table.Td w={30}>
        <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" aria-label={`Move ${g.name}`} style={{ cursor: 'grab' }} data-testid={`growth-drag-${index}`} {...attributes} {...listeners}>
          <IconGripVertical size={16} />
        </ActionIcon>
      </Table.Td>
      <Table.Td data-testid="growth-order">{index + 1}</Table.Td>
      <Table.Td>{g.name}</Table.Td>
      <Table.Td>{g.linkedTissueName ?? ''}</Table.Td>
      <Table.Td>{num(g.sugar.min)}</Table.Td>
      <Table.Td>{num(g.sugar.max)}</Table.Td>
      <Table.Td>{num(g.starch.min)}</Table.Td>
      <Table.Td>{num(g.starch.max)}</Table.Td>
      <Table.Td>
        <Checkbox checked={g.displayOnReport} onChange={(e) => onDisplay(e.currentTarget.checked)} aria-label={`Display ${g.name} on report`} />
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Edit"><ActionIcon variant="subtle" aria-label={`Edit ${g.name}`} onClick={onEdit} data-testid={`growth-edit-${index}`}><IconPencil size={16} /></ActionIcon></Tooltip>
          <Tooltip label="Delete"><ActionIcon variant="subtle" color="red" aria-label={`Delete ${g.name}`} onClick={onDelete} data-testid={`growth-delete-${index}`}><IconTrash size={16} /></ActionIcon></Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The drag-reorderable growth list (mouse, touch, or keyboard: focus a handle, Space, arrows, Space).
 * Order is the position, so it always reads 1..n after a move.
 */
export function GrowthsTable(props: {
  growths: LocalGrowth[];
  onChange: (growths: LocalGrowth[]) => void;
  onEdit: (g: LocalGrowth) => void;
  onDelete: (g: LocalGrowth) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number | undefined) => props.growths.find((g) => g.key === id)?.name ?? '';
  const position = (id: string | number | undefined) => props.growths.findIndex((g) => g.key === id) + 1;
  // Spoken by screen readers (and read by the browser tests) while a growth is moved.
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, order ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${nameOf(over.id)}, order ${position(over.id)}.` : `${nameOf(active.id)} is no longer over a growth.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at order ${position(over.id)}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  function onDragEnd(e: DragEndEvent) {
    if (!e.over || e.active.id === e.over.id) return;
    const from = props.growths.findIndex((g) => g.key === e.active.id);
    const to = props.growths.findIndex((g) => g.key === e.over?.id);
    props.onChange(arrayMove(props.growths, from, to));
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      <Table withTableBorder striped verticalSpacing={4} data-testid="growths-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>Order</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Organ Types</Table.Th>
            <Table.Th>Sugar min</Table.Th>
            <Table.Th>Sugar max</Table.Th>
            <Table.Th>Starch min</Table.Th>
            <Table.Th>Starch max</Table.Th>
            <Table.Th>Display on report</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <SortableContext items={props.growths.map((g) => g.key)} strategy={verticalListSortingStrategy}>
            {props.growths.map((g, i) => (
              <GrowthRow
                key={g.key}
                g={g}
                index={i}
                onEdit={() => props.onEdit(g)}
                onDelete={() => props.onDelete(g)}
                onDisplay={(v) => props.onChange(props.growths.map((x) => (x.key === g.key ? { ...x, displayOnReport: v } : x)))}
              />
            ))}
          </SortableContext>
          {props.growths.length === 0 && (
            <Table.Tr><Table.Td colSpan={10} ta="center" c="dimmed">No growths yet</Table.Td></Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </DndContext>
  );
}
