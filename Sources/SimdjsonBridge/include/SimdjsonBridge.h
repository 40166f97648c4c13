#ifndef CODABLEBENCH_SIMDJSON_BRIDGE_H
#define CODABLEBENCH_SIMDJSON_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when this build parses with simdjson (package trait `Simdjson`), 0 for the stub.
int codablebench_simdjson_available(void);

/// A padded copy of the bytes and a DOM parser, reused by every parse (as simdjson is meant to be
/// used). NULL without simdjson. Free it with `codablebench_simdjson_free`.
void *codablebench_simdjson_new(const uint8_t *bytes, size_t length);

/// Parses the whole document with the DOM parser. Returns 0 on success, else simdjson's error
/// code. `articles` receives the length of `data.articles` when the document has one, else -1.
int codablebench_simdjson_parse(void *handle, int64_t *articles);

void codablebench_simdjson_free(void *handle);

#ifdef __cplusplus
}
#endif

#endif
