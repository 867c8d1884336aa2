package io.jvortex.internal.encodings.fsst;

import io.jvortex.internal.encodings.varbin.Golden;
import io.jvortex.internal.encodings.varbin.TestData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code vortex.fsst} columns written by the Rust reference (see {@code golden/make_golden.py}). */
class FsstGoldenTest {
    @ParameterizedTest
    @ValueSource(strings = {"words", "words_nullable", "unicode", "words_compressed_children"})
    void decodesRustWrittenColumns(String name) {
        Golden.assertColumn("fsst/" + name, FsstEncoding.ID);
    }

    @ParameterizedTest
    @ValueSource(strings = {"words", "words_nullable", "unicode"})
    void readsThroughTheScanApi(String name) {
        TestData.assertValues(Golden.scanColumn("fsst/" + name), Golden.expected("fsst/" + name));
    }
}
