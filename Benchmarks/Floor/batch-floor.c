/*
 * batch-floor: what `stylist batch` cannot avoid doing, without the matching.
 *
 *   batch-floor ANSWER_BYTES < lines > answers
 *
 * Reads node lines from stdin, splits each into its components (on `/`,
 * spaces and tabs trimmed, empty components skipped, a leading `@theme/`,
 * `name[variant]`), interns every name as it comes (one hash table), and
 * writes one JSON answer a line in `batch`'s shape, its properties padded so
 * that the answers average ANSWER_BYTES bytes a line (newline included): the
 * bench passes the average of a real `stylist batch` run on the same input.
 * One thread, buffered reads and writes, no dependencies: a rate `batch` can
 * be stated as a share of.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TABLE_SLOTS (1u << 20) /* names interned; more than half full fails */
#define BUFFER (1u << 16)

static struct { const char *text; size_t length; } table[TABLE_SLOTS];
static unsigned interned;

/* The id of a name, interned on first sight (FNV-1a, linear probing). */
static unsigned intern(const char *text, size_t length) {
  unsigned hash = 2166136261u;
  for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)text[i]) * 16777619u;
  for (unsigned slot = hash & (TABLE_SLOTS - 1);; slot = (slot + 1) & (TABLE_SLOTS - 1)) {
    if (!table[slot].text) {
      if (++interned > TABLE_SLOTS / 2) { fputs("batch-floor: too many names\n", stderr); exit(1); }
      char *copy = malloc(length + 1);
      if (!copy) { fputs("batch-floor: out of memory\n", stderr); exit(1); }
      memcpy(copy, text, length);
      table[slot].text = copy;
      table[slot].length = length;
      return slot;
    }
    if (table[slot].length == length && memcmp(table[slot].text, text, length) == 0) return slot;
  }
}

static char out[BUFFER];
static size_t used;
static unsigned long long total; /* bytes put, flushed or not */
static char pad[BUFFER / 2];

static void flush(void) {
  for (size_t done = 0; done < used;) {
    ssize_t n = write(1, out + done, used - done);
    if (n <= 0) { perror("batch-floor: write"); exit(1); }
    done += (size_t)n;
  }
  used = 0;
}

static void put(const char *bytes, size_t length) {
  if (used + length > BUFFER) flush();
  if (length > BUFFER) { fputs("batch-floor: answer too long\n", stderr); exit(1); }
  memcpy(out + used, bytes, length);
  used += length;
  total += length;
}

#define PUT_LITERAL(text) put(text, sizeof text - 1)

/* Text inside a JSON string: quotes, backslashes and control bytes escaped. */
static void put_escaped(const char *text, size_t length) {
  size_t clean = 0; /* start of the run of bytes that need no escape */
  for (size_t i = 0; i < length; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c != '"' && c != '\\' && c >= 0x20) continue;
    put(text + clean, i - clean);
    char escaped[8];
    if (c < 0x20) snprintf(escaped, sizeof escaped, "\\u%04x", c);
    else { escaped[0] = '\\'; escaped[1] = (char)c; }
    put(escaped, c < 0x20 ? 6 : 2);
    clean = i + 1;
  }
  put(text + clean, length - clean);
}

static int blank(char c) { return c == ' ' || c == '\t'; }

/* One line: its components' names interned, its answer written. */
static void answer(const char *line, size_t length, double *owed) {
  unsigned ids[256];
  int theme = 0, count = 0;
  for (size_t start = 0; start <= length;) {
    const char *end = memchr(line + start, '/', length - start);
    size_t stop = end ? (size_t)(end - line) : length;
    size_t from = start, to = stop;
    while (from < to && blank(line[from])) from++;
    while (to > from && blank(line[to - 1])) to--;
    start = stop + 1;
    if (from == to) continue;
    if (count == 0 && !theme && line[from] == '@' && end) { /* a leading `@theme/` */
      theme = 1;
      intern(line + from + 1, to - from - 1);
      continue;
    }
    const char *bracket = memchr(line + from, '[', to - from);
    size_t name_end = bracket ? (size_t)(bracket - line) : to;
    if (bracket && line[to - 1] == ']') intern(bracket + 1, to - name_end - 2);
    if (count < 256) ids[count++] = intern(line + from, name_end - from);
  }
  unsigned long long before = total;
  PUT_LITERAL("{\"node\":\"");
  put_escaped(line, length);
  PUT_LITERAL("\",\"selector\":\"");
  for (int i = 0; i < count; i++) {
    if (i) PUT_LITERAL("/");
    put_escaped(table[ids[i]].text, table[ids[i]].length);
  }
  PUT_LITERAL("\",\"source\":\"sheet.yaml:1:3\",\"default\":false,\"properties\":{\"padding\":\"");
  /* Padding makes the answers so far average what is owed; the 4 bytes are the end. */
  double missing = *owed - (double)(total - before) - 4;
  if (missing >= 1) put(pad, missing < sizeof pad ? (size_t)missing : sizeof pad);
  PUT_LITERAL("\"}}\n");
  *owed -= (double)(total - before);
}

int main(int argc, char **argv) {
  double average = argc == 2 ? atof(argv[1]) : 0;
  if (average <= 0) { fputs("usage: batch-floor ANSWER_BYTES < lines > answers\n", stderr); return 2; }
  memset(pad, 'x', sizeof pad);
  static char in[BUFFER * 16];
  size_t held = 0;
  double owed = 0;
  for (;;) {
    ssize_t n = read(0, in + held, sizeof in - held);
    if (n < 0) { perror("batch-floor: read"); return 1; }
    held += (size_t)n;
    size_t start = 0;
    for (char *newline; (newline = memchr(in + start, '\n', held - start)); start = (size_t)(newline - in) + 1) {
      owed += average;
      answer(in + start, (size_t)(newline - in) - start, &owed);
    }
    if (n == 0) {
      if (start < held) { owed += average; answer(in + start, held - start, &owed); }
      break;
    }
    if (start == 0 && held == sizeof in) { fputs("batch-floor: line too long\n", stderr); return 1; }
    memmove(in, in + start, held - start);
    held -= start;
  }
  flush();
  return 0;
}
