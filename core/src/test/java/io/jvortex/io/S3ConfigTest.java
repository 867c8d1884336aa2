package io.jvortex.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class S3ConfigTest {
    @TempDir
    Path home;

    private void files() throws IOException {
        Files.createDirectories(home.resolve(".aws"));
        Files.writeString(home.resolve(".aws/credentials"), """
                [default]
                aws_access_key_id = DEFAULTKEY
                aws_secret_access_key = defaultsecret

                [work]
                aws_access_key_id=WORKKEY
                aws_secret_access_key=worksecret
                aws_session_token=worktoken
                """);
        Files.writeString(home.resolve(".aws/config"), """
                [default]
                region = eu-central-1

                # a comment
                [profile work]
                region = ap-southeast-2
                endpoint_url = http://127.0.0.1:9000
                [profile keys-in-config]
                aws_access_key_id = CONFIGKEY
                aws_secret_access_key = configsecret
                """);
    }

    @Test
    void environmentVariablesWin() throws IOException {
        files();
        S3Config config = S3Config.resolve(Map.of("AWS_ACCESS_KEY_ID", "ENVKEY", "AWS_SECRET_ACCESS_KEY", "envsecret",
                "AWS_SESSION_TOKEN", "envtoken", "AWS_REGION", "us-west-2", "AWS_DEFAULT_REGION", "ignored",
                "AWS_ENDPOINT_URL", "http://127.0.0.1:1234/"), home);
        assertThat(config.credentials()).isEqualTo(new AwsCredentials("ENVKEY", "envsecret", "envtoken"));
        assertThat(config.region()).isEqualTo("us-west-2");
        assertThat(config.endpoint()).isEqualTo(URI.create("http://127.0.0.1:1234/"));
        assertThat(config.pathStyle()).isTrue();
        assertThat(config.objectUri(new S3Location("b", "dir/x y.vortex"), null))
                .isEqualTo(URI.create("http://127.0.0.1:1234/b/dir/x%20y.vortex"));
        assertThat(config.toString()).doesNotContain("envsecret").doesNotContain("envtoken");
    }

    @Test
    void defaultProfileFromFiles() throws IOException {
        files();
        S3Config config = S3Config.resolve(Map.of("AWS_DEFAULT_REGION", "sa-east-1"), home);
        assertThat(config.credentials()).isEqualTo(new AwsCredentials("DEFAULTKEY", "defaultsecret", null));
        assertThat(config.region()).isEqualTo("sa-east-1");
        assertThat(config.endpoint()).isNull();
        assertThat(config.objectUri(new S3Location("bucket", "k"), null))
                .isEqualTo(URI.create("https://bucket.s3.sa-east-1.amazonaws.com/k"));
        assertThat(config.objectUri(new S3Location("my.bucket", "k"), "uploads="))
                .isEqualTo(URI.create("https://s3.sa-east-1.amazonaws.com/my.bucket/k?uploads="));
        assertThat(S3Config.resolve(Map.of(), home).region()).isEqualTo("eu-central-1");
    }

    @Test
    void namedProfileAndFileOverrides() throws IOException {
        files();
        S3Config work = S3Config.resolve(Map.of("AWS_PROFILE", "work"), home);
        assertThat(work.credentials()).isEqualTo(new AwsCredentials("WORKKEY", "worksecret", "worktoken"));
        assertThat(work.region()).isEqualTo("ap-southeast-2");
        assertThat(work.endpoint()).isEqualTo(URI.create("http://127.0.0.1:9000"));
        assertThat(S3Config.resolve(Map.of("AWS_PROFILE", "keys-in-config"), home).credentials().accessKeyId())
                .isEqualTo("CONFIGKEY");

        Path elsewhere = Files.writeString(home.resolve("other-credentials"), "[default]\naws_access_key_id=OTHER\n"
                + "aws_secret_access_key=othersecret\n");
        S3Config other = S3Config.resolve(Map.of("AWS_SHARED_CREDENTIALS_FILE", elsewhere.toString(),
                "AWS_CONFIG_FILE", home.resolve("missing").toString()), home);
        assertThat(other.credentials().accessKeyId()).isEqualTo("OTHER");
        assertThat(other.region()).isEqualTo(S3Config.DEFAULT_REGION);
    }

    @Test
    void noCredentialsAnywhereIsAnonymous() {
        S3Config config = S3Config.resolve(Map.of(), home);
        assertThat(config.credentials()).isNull();
        assertThat(config.region()).isEqualTo("us-east-1");
        assertThat(S3Config.resolve(Map.of(), null).credentials()).isNull();
    }

    @Test
    void virtualHostedCustomEndpoint() {
        S3Config config = new S3Config(null, "us-east-1", URI.create("https://storage.example.com:8443"), false);
        assertThat(config.objectUri(new S3Location("b", "k"), null))
                .isEqualTo(URI.create("https://b.storage.example.com:8443/k"));
    }

    @Test
    void locationsParse() {
        assertThat(S3Location.parse(URI.create("s3://bucket/dir/file.vortex")))
                .isEqualTo(new S3Location("bucket", "dir/file.vortex"));
        assertThatThrownBy(() -> S3Location.parse(URI.create("s3://bucket/"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("s3://bucket/");
        assertThatThrownBy(() -> S3Location.parse(URI.create("http://bucket/k"))).isInstanceOf(IllegalArgumentException.class);
    }
}
