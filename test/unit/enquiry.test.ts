import { test } from "node:test";
import { isolateLtr } from "../../src/lib/bidi";
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { EnquiryForm } from "../../src/components/forms/EnquiryForm";
import { courseCards } from "../../src/content/home";
import {
  consultationFields,
  enquiryFields,
  enquiryText,
  enquiryValues,
  fieldError,
  interestPlaceholder,
  isFormKind,
  mailtoWithBody,
  summaryTitle,
  validateEnquiry,
} from "../../src/lib/enquiry";

const interests = courseCards.map((c) => c.title);
const good = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 7700 900123",
  country: "United Kingdom",
  interest: "PhD Degrees",
  message: "I would like to start in January.",
};
const errorsFor = (changes: Record<string, string | undefined>) =>
  validateEnquiry("enquiry", { ...good, ...changes }, interests);

test("a complete enquiry and a complete consultation request pass", () => {
  assert.deepEqual(validateEnquiry("enquiry", good, interests), {});
  assert.deepEqual(
    validateEnquiry("consultation", { name: "Ada", email: "a@b.co", message: "Hi" }, interests),
    {},
  );
});

test("empty or blank required fields: one message each, named after the label", () => {
  assert.deepEqual(validateEnquiry("enquiry", {}, interests), {
    fullName: "Please enter your full name.",
    email: "Please enter your email address.",
    phone: "Please enter your phone number.",
    country: "Please enter your country.",
    interest: "Please choose your study interest.",
  });
  assert.deepEqual(validateEnquiry("consultation", { name: "  ", message: "\n\n" }, interests), {
    name: "Please enter your name.",
    email: "Please enter your email.",
    message: "Please enter your message.",
  });
});

test("the enquiry message is optional, the consultation message is not", () => {
  assert.deepEqual(errorsFor({ message: "" }), {});
  assert.equal(
    validateEnquiry("consultation", { name: "Ada", email: "a@b.co" }, interests).message,
    "Please enter your message.",
  );
});

test("too long: each field's own limit", () => {
  for (const field of [...enquiryFields]) {
    if (field.type === "select") continue;
    const value =
      field.type === "email"
        ? `${"a".repeat(field.maxLength)}@b.co`
        : "7".repeat(field.maxLength + 1);
    assert.equal(
      errorsFor({ [field.name]: value })[field.name],
      `Please keep your ${field.label.toLowerCase()} to ${field.maxLength} characters or fewer.`,
      field.name,
    );
    const fits =
      field.type === "email"
        ? `${"a".repeat(field.maxLength - 5)}@b.co`
        : "7".repeat(field.maxLength);
    if (field.type !== "tel")
      assert.equal(errorsFor({ [field.name]: fits })[field.name], undefined);
  }
  const message = consultationFields.find((f) => f.name === "message")!;
  assert.match(fieldError(message, "x".repeat(2001), interests) ?? "", /2000 characters/);
});

test("line breaks count once, as typed, even when posted as CRLF", () => {
  const typed = "ab\n".repeat(666) + "ab"; // 2000 characters
  assert.equal(typed.length, 2000);
  assert.deepEqual(errorsFor({ message: typed.replace(/\n/g, "\r\n") }), {});
  assert.equal(enquiryValues("enquiry", (n) => ({ message: " a\r\nb \r" })[n]).message, "a\nb");
});

test("malformed e-mail addresses", () => {
  for (const email of [
    "ada",
    "ada@",
    "@example.com",
    "ada@example",
    "ada @example.com",
    "a@b@c.com",
  ])
    assert.equal(
      errorsFor({ email }).email,
      `Please enter an e-mail address like ${isolateLtr("name@example.com")}.`,
      email,
    );
  for (const email of ["ada@example.com", "a.b+c@mail.example.co.uk"])
    assert.equal(errorsFor({ email }).email, undefined, email);
});

test("malformed phone numbers: letters, too few or too many digits", () => {
  const message = `Please enter a phone number of 7 to 15 digits, e.g. ${isolateLtr("+44 7700 900123")}.`;
  for (const phone of ["call me", "12345", "+44 7700 9OO123", "1234567890123456", "++447700900123"])
    assert.equal(errorsFor({ phone }).phone, message, phone);
  for (const phone of [
    "+44 7700 900123",
    "020 7946 0321",
    "(020) 7946-0321",
    "1234567",
    "+1.555.010.9999",
  ])
    assert.equal(errorsFor({ phone }).phone, undefined, phone);
});

test("study interest: the placeholder or anything off the list is refused", () => {
  assert.equal(errorsFor({ interest: "" }).interest, "Please choose your study interest.");
  assert.equal(
    errorsFor({ interest: interestPlaceholder() }).interest,
    "Please choose your study interest from the list.",
  );
  assert.equal(
    errorsFor({ interest: "Astrology" }).interest,
    "Please choose your study interest from the list.",
  );
  for (const interest of interests) assert.equal(errorsFor({ interest }).interest, undefined);
});

test("form kinds", () => {
  assert.ok(isFormKind("enquiry") && isFormKind("consultation"));
  assert.ok(!isFormKind("other") && !isFormKind(undefined) && !isFormKind("__proto__"));
});

test("enquiry text for WhatsApp and e-mail: labelled lines, blanks left out", () => {
  const text = enquiryText("enquiry", { ...good, message: "Line one\nLine two", country: "" });
  assert.equal(
    text,
    [
      "Hello, here is my enquiry:",
      "",
      "Full Name: Ada Lovelace",
      "Email Address: ada@example.com",
      "Phone Number: +44 7700 900123",
      "Study Interest: PhD Degrees",
      "Message:\nLine one\nLine two",
    ].join("\n"),
  );
});

test("mailto with subject and body: percent-encoded, CRLF line breaks", () => {
  assert.equal(
    mailtoWithBody("admissions@x.example", "Hi & bye", "a b\nc?"),
    "mailto:admissions@x.example?subject=Hi%20%26%20bye&body=a%20b%0D%0Ac%3F",
  );
});

test("summary title counts the problems", () => {
  assert.equal(summaryTitle(1), "Please fix 1 thing before sending");
  assert.equal(summaryTitle(3), "Please fix 3 things before sending");
});

const renderForm = (props: Partial<Parameters<typeof EnquiryForm>[0]> = {}) =>
  renderToStaticMarkup(
    createElement(EnquiryForm, {
      kind: "enquiry",
      id: "f",
      label: "Enquiry",
      submitLabel: "Send",
      endpoint: "/api/enquiry",
      ...props,
    }),
  );

test("form markup: POST, labelled fields with type, autocomplete and required, honeypot", () => {
  const html = renderForm();
  assert.match(
    html,
    /^<form id="f" class="enquiry-form" aria-label="Enquiry" data-enquiry="enquiry"/,
  );
  assert.match(
    html,
    /action="\/api\/enquiry" encType="application\/x-www-form-urlencoded" method="post"/,
  );
  assert.doesNotMatch(html, /novalidate/i, "the browser validates until JavaScript takes over");
  for (const [name, type, autocomplete] of [
    ["fullName", "text", "name"],
    ["email", "email", "email"],
    ["phone", "tel", "tel"],
    ["country", "text", "country-name"],
  ])
    assert.match(
      html,
      new RegExp(
        `<label for="f-${name}">[^]*?<input id="f-${name}" required="" autoComplete="${autocomplete}"[^>]*type="${type}"[^>]*name="${name}"`,
      ),
      name,
    );
  assert.match(html, /<select id="f-interest" name="interest" required=""/);
  assert.match(html, /<option value="" disabled="" selected="">Select programme type<\/option>/);
  assert.match(
    html,
    /<textarea id="f-message" name="message" autoComplete="off" rows="5" maxLength="2000">/,
  );
  assert.match(html, /aria-describedby="f-phone-hint"/);
  assert.match(
    html,
    /<div class="hp" aria-hidden="true"><label for="f-website">[^<]+<\/label><input id="f-website" type="text" tabindex="-1" autoComplete="off" name="website"\/>/,
  );
  assert.match(html, /<div class="form-summary" tabindex="-1" hidden=""><\/div>/);
  assert.match(html, /<div class="form-failure" role="alert"><\/div>/);
  assert.equal(
    (html.match(/<p class="field-error" id="f-\w+-error" hidden=""><\/p>/g) ?? []).length,
    6,
  );
});

test("form markup without an endpoint: a pre-filled e-mail to admissions, and it says so", () => {
  const html = renderForm({ endpoint: "" });
  assert.match(html, /action="mailto:admissions@eastgate-education.example" encType="text\/plain"/);
  assert.match(
    html,
    /Sending opens your e-mail app with your enquiry ready to send to admissions@/,
  );
});

test("form markup with the server's errors: values kept, fields marked, summary links", () => {
  const html = renderForm({
    values: { ...good, email: "ada@", interest: "Astrology" },
    errors: { email: "Bad e-mail.", phone: "Bad phone." },
  });
  assert.match(html, /name="fullName" value="Ada Lovelace"/);
  assert.match(html, /name="email" value="ada@"/);
  assert.match(
    html,
    /<option value="" disabled="" selected="">/,
    "an unknown interest is not kept",
  );
  assert.match(html, /aria-describedby="f-phone-hint f-phone-error" aria-invalid="true"/);
  assert.match(
    html,
    /<p class="field-error" id="f-email-error"><span class="visually-hidden">Error: <\/span>Bad e-mail.<\/p>/,
  );
  assert.match(
    html,
    /<div class="form-summary" tabindex="-1" role="group" aria-labelledby="f-summary-title"><h3 class="form-summary-title" id="f-summary-title">Please fix 2 things before sending<\/h3><ul class="form-summary-list"><li><a href="#f-email">Bad e-mail.<\/a><\/li><li><a href="#f-phone">Bad phone.<\/a><\/li><\/ul><\/div>/,
  );
});
