import CassetteScrubbing
import Foundation
import Testing

/// Secrets that only their surroundings name: a value written to a secret store beside its name,
/// a cell of a query result's secret column, a body whose media type is a password, a login
/// command in a pasted session log, an Oracle connect string, and prose that pairs a user and a
/// password or quotes a code.
@Suite struct ScrubStoresTablesAndTranscriptsTests {
    typealias E = ScrubExpectations

    /// `{"key": "jdbc-password", "string_value": …}` (a secrets API's put), `{"name":
    /// "docker_password", "data": …}` (a CI system's repository secret): the name member names the
    /// value beside it, typed or plain. A `data` object beside a secret's name is read on its own,
    /// and a name that is no secret's leaves its value alone.
    @Test func aValueWrittenBesideItsSecretsNameGoes() {
        let typed = "ATPaLlrO0Md%FHq%YW81"
        let bytes = "FRkFyY2IQwDctgNRq+2xVV47RkF35DAyQSEepwKxghm0g/yE0DLD8w=="
        let data = "UZId%0f6#VNJPPu3Df_qH879"
        E.expectScrubbed(
            E.request(#"{"key":"jdbc-password","scope":"etl","string_value":"\#(typed)"}"#, "application/json"),
            [typed])
        E.expectScrubbed(
            E.request(#"{"bytes_value":"\#(bytes)","key":"sp-secret","scope":"etl"}"#, "application/json"), [bytes])
        E.expectScrubbed(
            E.request(#"{"data":"\#(data)","name":"docker_password","pull_request":false}"#, "application/json"),
            [data])
        E.expectUntouched(
            E.request(#"{"data":"minimum twelve characters","name":"password_policy"}"#, "application/json"))
        E.expectUntouched(E.request(#"{"data":"eu-central-1","name":"region"}"#, "application/json"))
    }

    /// A query result's cells are named by its column list: BigQuery's `schema.fields` with `rows`
    /// of `{"f": [{"v": …}]}`, and `columns` with `data` of arrays (Trino, ClickHouse's `meta`).
    /// Only the cells of secret columns go; the other cells and the column list stay.
    @Test func aQueryResultsSecretColumnGoes() {
        let smtp = "RHFi2FJnYOTL3y78"
        let bigQuery = #"""
            {"rows":[{"f":[{"v":"mailer"},{"v":"\#(smtp)"}]},{"f":[{"v":"billing"},{"v":null}]}],
            "schema":{"fields":[{"name":"service","type":"STRING"},{"name":"smtp_password","type":"STRING"}]},
            "totalRows":"2"}
            """#
        let text = E.expectScrubbed(E.response(bigQuery, "application/json"), [smtp])
        for kept in ["mailer", "billing", "smtp_password"] { #expect(text.contains(kept), "\(kept) was changed") }
        let first = "Hq2LmZpq8xTTr4W"
        let second = "zz9QmPq2LLkk7Ne"
        let trino =
            #"{"columns":[{"name":"user"},{"name":"db_password"}],"data":[["ann","\#(first)"],["bob","\#(second)"]]}"#
        let rows = E.expectScrubbed(E.response(trino, "application/json"), [first, second])
        #expect(rows.contains("ann") && rows.contains("bob"))
        E.expectUntouched(
            E.response(
                #"{"columns":[{"name":"user"},{"name":"region"}],"data":[["ann","eu-west-1"]]}"#, "application/json"))
    }

    /// A key store's upload whose media type is a password (`application/x-rundeck-data-password`):
    /// the body is the secret. The same value as `text/plain` is text like any other.
    @Test func aBodyTypedAsAPasswordGoes() {
        let password = "NStJcAQTmGevJ1zOJ961"
        E.expectScrubbed(E.request(password, "application/x-rundeck-data-password"), [password])
        E.expectUntouched(E.request("hello-world-2026", "text/plain"))
    }

    /// A gateway's key-auth credential (`POST /consumers/<id>/key-auth`) is a secret, though its
    /// member is only `key`; a JWT credential's `key` beside its `secret` and `algorithm` names the
    /// issuer, and only the secret goes.
    @Test func aGatewaysKeyAuthKeyGoesAndAJWTCredentialKeepsItsIssuer() {
        let key = "egxzdtyfZzajQZLMB7UtDRSfb4BWvUac"
        E.expectScrubbed(
            E.request(
                #"{"key":"\#(key)","tags":["partner"]}"#, "application/json",
                url: "https://kong-admin.example.com/consumers/partner-7/key-auth"),
            [key])
        let secret = "RDmlrqtu7v8Tj8XDmiatvBgqZGG3P32u"
        let issuer = "5VWPv4t0NzHd1XcS3zgl1HsVwGTVXUAh"
        let text = E.expectScrubbed(
            E.request(
                #"{"algorithm":"HS256","key":"\#(issuer)","secret":"\#(secret)"}"#, "application/json",
                url: "https://kong-admin.example.com/consumers/partner-7/jwt"),
            [secret])
        #expect(text.contains(issuer))
    }

    /// A pasted IMAP session (`a001 LOGIN user password`) and a POP3 or FTP `PASS`: the password
    /// goes; a test runner's `PASS src/app.test.js` and the other lines stay.
    @Test func theLoginCommandOfAPastedSessionLosesItsPassword() {
        let imap = "GAHg~cI_6wuC73"
        let pop = "hunter2Xq9!Lm"
        let log = #"""
            {"body":"Here is the log:\n* OK [CAPABILITY IMAP4rev1] Dovecot ready.\na001 LOGIN frank@example-dental.com \#(imap)\na001 NO [AUTHENTICATIONFAILED] Authentication failed.\nUSER bob\nPASS \#(pop)\n"}
            """#
        let text = E.expectScrubbed(E.request(log, "application/json"), [imap, pop])
        #expect(text.contains("AUTHENTICATIONFAILED"))
        E.expectUntouched(E.response("PASS src/app.test.js\nPASS src/api.test.js\nTests: 12 passed\n", "text/plain"))
    }

    /// An Oracle JDBC URL holds its user and password before the `@`
    /// (`jdbc:oracle:thin:scott/<password>@//host:1521/svc`): the password goes, the user, host and
    /// service stay; a URL without credentials, or with a placeholder, stays whole.
    @Test func anOracleConnectStringLosesItsPassword() {
        let password = "IB87^WvXMG05"
        let text = E.expectScrubbed(
            E.response(
                "flyway.url=jdbc:oracle:thin:scott/\(password)@//ora-legacy.internal:1521/ORCLPDB1\n", "text/plain"),
            [password])
        #expect(text.contains("jdbc:oracle:thin:scott/") && text.contains("@//ora-legacy.internal:1521/ORCLPDB1"))
        E.expectUntouched(
            E.response(
                "a=jdbc:oracle:thin:@//host:1521/svc\nb=jdbc:oracle:oci:app/${DB_PASS}@prod\n", "text/plain"))
    }

    /// Prose that gives a password by other names: `login admin / <password>`, `the code is
    /// <code>`, and an app password in its four groups. Each value is generated (both cases, digits
    /// and a symbol; or the groups); words, status codes and a plain `name / surname` stay.
    @Test func credentialsWrittenAsPairsCodesAndGroupsInProseGo() {
        let pair = "TY#-klJF1d%HF93"
        let code = "KUsq!zF94m60"
        let grouped = "dqbb 3u50 66gd pibg"
        let messages = #"""
            {"a":"and staging login admin / \#(pair).","b":"please arm the alarm, the code is \#(code), thanks!",
            "c":"For Gmail use an app password instead, e.g. paste the one you generated (\#(grouped)) here."}
            """#
        E.expectScrubbed(E.request(messages, "application/json"), [pair, code, grouped])
        E.expectUntouched(
            E.request(
                #"""
                {"a":"The status code is 404 and the error code is E_CONN_REFUSED.","b":"Your login name is ada / Lovelace.",
                "c":"Reset code is ABCD1234, then use the login page / sign-up.","d":"that will make sure it works"}
                """#, "application/json"))
    }

    /// JSON-like text that does not parse (a log line, a truncated answer) holds a JAAS line with
    /// its quotes escaped, `password=\"…\"`: the password goes, as it does once the text parses;
    /// the user name stays. (Found by the fuzzer: the first scrub missed it and the second, on
    /// text that then parsed, did not.)
    @Test func aPairWithEscapedQuotesInTextThatDoesNotParseLosesItsValue() {
        let password = "okuPmZKEqGXLcM3IJTkDvl13h0HuUM4i8jPDT+Nks+/Bex4m5RtOgt9/WTLzajz4"
        let line = #"""
            log: {"sasl.jaas.config": "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"Z2ZV74QLVWEIOX22\" password=\"\#(password)\";", "trunc
            """#
        let text = E.expectScrubbed(E.request(line, "text/plain"), [password])
        #expect(text.contains(#"username=\\\"Z2ZV74QLVWEIOX22\\\""#))
    }
}
