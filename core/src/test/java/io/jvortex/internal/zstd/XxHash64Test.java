package io.jvortex.internal.zstd;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** XXH64 against published vectors (seed 0). */
class XxHash64Test {
    @Test
    void matchesKnownVectors() {
        assertThat(XxHash64.hash(new byte[0], 0, 0, 0)).isEqualTo(0xEF46DB3751D8E999L);
        byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
        assertThat(XxHash64.hash(abc, 0, 3, 0)).isEqualTo(0x44BC2CF5AD770999L);
    }

    @Test
    void hashesARangeOfALargerArray() {
        byte[] data = new byte[100];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7);
        }
        byte[] copy = java.util.Arrays.copyOfRange(data, 13, 90);
        assertThat(XxHash64.hash(data, 13, 77, 0)).isEqualTo(XxHash64.hash(copy, 0, 77, 0));
    }
}
