package io.jvortex.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.io.IoOptions;
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
    }
}
