import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { adminKeys, fileSearchQuery, findFiles } from '../api/admin-api';
import { FileActions } from './file-actions';
import { FileFacts } from './file-facts';
import { ViewState } from './view-state';

/** Find a file by its link, short code, file id or the uploader's account email; act on it. */
export function FilesView({ onDone }: { onDone: (message: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const files = useQuery({
    queryKey: adminKeys.files(query),
    queryFn: ({ signal }) => findFiles(query, signal),
    enabled: query !== '',
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    // A pasted link's key is dropped at once: it never goes into the query nor the cache key.
    const cleaned = fileSearchQuery(text);
    setText(cleaned);
    setQuery(cleaned);
  };

  return (
    <section className="sd-admin-view" aria-labelledby={`${id}-title`}>
      <div className="sd-admin-view__header">
        <h2 id={`${id}-title`}>Files</h2>
      </div>
      <form className="sd-admin-search" onSubmit={search}>
        <div className="sd-form__field">
          <label htmlFor={`${id}-q`}>Link, short code, file id or account email</label>
          <input
            id={`${id}-q`}
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={fileSearchQuery(text) === ''}>
          Find
        </Button>
      </form>
      {query === '' ? null : (
        <ViewState query={files}>
          {(found) =>
            found.length === 0 ? (
              <p className="sd-admin-empty" role="status">
                No file matches {query}.
              </p>
            ) : (
              <div className="sd-admin-list">
                <p className="sr-only" role="status">
                  {found.length} {found.length === 1 ? 'file' : 'files'} found.
                </p>
                {found.map((file) => (
                  <Card
                    as="article"
                    key={file.fileId}
                    className="sd-admin-card"
                    aria-labelledby={`file-${file.fileId}`}
                  >
                    <h3 id={`file-${file.fileId}`} className="sd-admin-card__title">
                      {file.link}
                    </h3>
                    <FileFacts file={file} />
                    <FileActions file={file} onDone={onDone} />
                  </Card>
                ))}
              </div>
            )
          }
        </ViewState>
      )}
    </section>
  );
}
