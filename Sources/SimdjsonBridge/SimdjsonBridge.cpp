// simdjson's DOM parser behind a C interface, compiled in only with the package trait `Simdjson`
// (which defines CODABLEBENCH_SIMDJSON and links libsimdjson from Debian's libsimdjson-dev).
// Without the trait this file is a stub, so nothing requires the library.
#include "SimdjsonBridge.h"

#ifdef CODABLEBENCH_SIMDJSON
#include <simdjson.h>

namespace {
struct Session {
    Session(const char *data, size_t length) : bytes(data, length) {}
    simdjson::padded_string bytes;
    simdjson::dom::parser parser;
};
}

extern "C" int codablebench_simdjson_available(void) { return 1; }

extern "C" void *codablebench_simdjson_new(const uint8_t *bytes, size_t length) {
    return new Session(reinterpret_cast<const char *>(bytes), length);
}

extern "C" int codablebench_simdjson_parse(void *handle, int64_t *articles) {
    auto *session = static_cast<Session *>(handle);
    simdjson::dom::element root;
    auto error = session->parser.parse(session->bytes).get(root);
    if (error) { return static_cast<int>(error); }
    simdjson::dom::array list;
    *articles = root.at_pointer("/data/articles").get(list) ? -1 : static_cast<int64_t>(list.size());
    return 0;
}

extern "C" void codablebench_simdjson_free(void *handle) { delete static_cast<Session *>(handle); }

#else

extern "C" int codablebench_simdjson_available(void) { return 0; }
extern "C" void *codablebench_simdjson_new(const uint8_t *, size_t) { return nullptr; }
extern "C" int codablebench_simdjson_parse(void *, int64_t *) { return -1; }
extern "C" void codablebench_simdjson_free(void *) {}

#endif
