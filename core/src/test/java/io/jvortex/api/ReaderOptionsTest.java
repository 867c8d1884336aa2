package io.jvortex.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.io.IoOptions;
import io.jvortex.testutil.SampleFiles;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** Every {@code with} method of {@link ReaderOptions} changes its one component and keeps the others. */
class ReaderOptionsTest {
    @Test
    void eachWithKeepsTheOtherComponents() {
        IoOptions io = IoOptions.defaults().withMaxInFlight(3);
        ReaderOptions base = ReaderOptions.defaults().withIo(io).withMaxDecodedBytes(12345);
        ReaderOptions lenient = base.withAllowUnknown(true);
        assertThat(lenient.allowUnknown()).isTrue();
        assertThat(lenient.io()).as("the I/O options survive withAllowUnknown").isEqualTo(io);
        assertThat(lenient.maxDecodedBytes()).isEqualTo(12345);
        assertThat(lenient.encodings()).isSameAs(base.encodings());
        assertThat(base.withMaxDecodedBytes(7).io()).isEqualTo(io);
        assertThat(base.withEncodings(base.encodings()).io()).isEqualTo(io);
        assertThat(ReaderOptions.defaults().maxDecodedBytes()).isEqualTo(ReaderOptions.DEFAULT_MAX_DECODED_BYTES);
        ReaderOptions capped = base.withMaxNestingDepth(9).withMaxLayoutNodes(99);
        assertThat(capped.maxNestingDepth()).isEqualTo(9);
        assertThat(capped.maxLayoutNodes()).isEqualTo(99);
        assertThat(capped.withAllowUnknown(true).withIo(io).withMaxDecodedBytes(5).withEncodings(base.encodings()))
                .as("every with keeps the caps").extracting(ReaderOptions::maxNestingDepth, ReaderOptions::maxLayoutNodes)
                .containsExactly(9, 99);
        assertThat(ReaderOptions.defaults().maxNestingDepth()).isEqualTo(64);
        assertThat(ReaderOptions.defaults().maxLayoutNodes()).isEqualTo(1_000_000);
    }

    @Test
    void capsOutOfRangeAreRefusedByName() {
        assertThatThrownBy(() -> ReaderOptions.defaults().withMaxNestingDepth(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxNestingDepth");
        assertThatThrownBy(() -> ReaderOptions.defaults().withMaxNestingDepth(257))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxNestingDepth");
        assertThatThrownBy(() -> ReaderOptions.defaults().withMaxLayoutNodes(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxLayoutNodes");
    }

    /**
     * mixed_default.vortex: a struct with a list and a struct column (dtype depth 2), a layout of
     * struct, dict, zoned and flat nodes (depth 3, more than 10 nodes).
     */
    @Test
    void theCapsApplyWhenAFileIsOpenedAndDecoded() throws IOException {
        MemorySegment file = MemorySegment.ofArray(SampleFiles.bytes("mixed_default.vortex"));
        try (VortexReader r = VortexReader.open(file, "mixed.vortex", ReaderOptions.defaults())) {
            assertThat(r.rowCount()).isEqualTo(3000);
        }
        assertThatThrownBy(() -> VortexReader.open(file, "mixed.vortex", ReaderOptions.defaults().withMaxNestingDepth(1)))
                .isInstanceOf(VortexException.class).hasMessageContaining("mixed.vortex")
                .hasMessageContaining("nested deeper than 1");
        assertThatThrownBy(() -> VortexReader.open(file, "mixed.vortex", ReaderOptions.defaults().withMaxLayoutNodes(10)))
                .isInstanceOf(VortexException.class).hasMessageContaining("layout tree has more than 10 nodes");
        // depth 2 admits the dtype (struct > list > i16) but not the layout (struct > dict > zoned > flat)
        assertThatThrownBy(() -> VortexReader.open(file, "mixed.vortex", ReaderOptions.defaults().withMaxNestingDepth(2)))
                .isInstanceOf(VortexException.class).hasMessageContaining("layout tree deeper than 2");
    }
}
