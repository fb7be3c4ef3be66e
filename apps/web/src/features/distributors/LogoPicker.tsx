import { Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LOGO_MAX_BYTES, LOGO_PREVIEW_MAX_WIDTH } from '@sapwood/contracts';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

/** What the picker says about a chosen file before it is sent (the server checks the content again). */
export function checkLogoFile(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return 'The logo must be a PNG, JPEG or WebP image.';
  if (file.size > LOGO_MAX_BYTES) return 'The logo is too large: at most 5 MB.';
  return null;
}

export interface LogoPickerProps {
  /** URL of the logo saved so far, if any */
  currentUrl: string | null;
  file: File | null;
  onFile: (file: File) => void;
  error?: string;
}

/** Drop a logo on the area or browse for one; the preview is at most 600 px wide. */
export function LogoPicker({ currentUrl, file, onFile, error }: LogoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = previewUrl ?? currentUrl;
  const borderColor = error ? 'var(--mantine-color-red-6)' : over ? 'var(--mantine-color-blue-5)' : 'var(--mantine-color-gray-4)';

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>Logo</Text>
      <Box
        data-testid="logo-drop"
        onDragOver={(e) => { e.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const dropped = e.dataTransfer.files[0];
          if (dropped) onFile(dropped);
        }}
        p="sm"
        style={{ border: `1px dashed ${borderColor}`, borderRadius: 4, textAlign: 'center' }}
      >
        {shown ? (
          <Image
            src={shown}
            alt="Logo preview"
            data-testid="logo-preview"
            maw={LOGO_PREVIEW_MAX_WIDTH}
            w="auto"
            mx="auto"
            fit="contain"
            style={{ maxWidth: `min(100%, ${LOGO_PREVIEW_MAX_WIDTH}px)` }}
          />
        ) : (
          <Text size="sm" c="dimmed">Drop a PNG, JPEG or WebP logo here</Text>
        )}
        <Group justify="center" mt="xs">
          <Button size="xs" variant="light" leftSection={<IconPhotoUp size={14} />} onClick={() => input.current?.click()} data-testid="logo-browse">
            Browse
          </Button>
        </Group>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED.join(',')}
          hidden
          data-testid="logo-input"
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0];
            if (chosen) onFile(chosen);
            e.currentTarget.value = '';
          }}
        />
      </Box>
      {error && <Text size="xs" c="red" data-testid="logo-error">{error}</Text>}
    </Stack>
  );
}
