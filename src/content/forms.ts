import { localized } from "../i18n/scope";
/**
 * The enquiry forms' words: field labels and hints, and the messages the browser and the server
 * give for a value they cannot take (src/lib/enquiry.ts holds the rules). `{label}` is the
 * field's label in lower case; `{max}` its length limit.
 */
export const formWords = localized({
  labels: {
    fullName: "Full Name",
    emailAddress: "Email Address",
    phoneNumber: "Phone Number",
    country: "Country",
    studyInterest: "Study Interest",
    message: "Message",
    name: "Name",
    emailShort: "Email",
  },
  /** Examples the hints and messages show, as `{phone}` and `{email}`. */
  examples: { phone: "+44 7700 900123", email: "name@example.com" },
  phoneHint: "With your country code, e.g. {phone}",
  interestPlaceholder: "Select programme type",
  missing: "Please enter your {label}.",
  notChosen: "Please choose your {label}.",
  controls: "Please remove the invisible control characters from your {label}.",
  tooLong: "Please keep your {label} to {max} characters or fewer.",
  emailWrong: "Please enter an e-mail address like {email}.",
  badPhone: "Please enter a phone number of 7 to 15 digits, e.g. {phone}.",
  notInList: "Please choose your {label} from the list.",
  rateLimited:
    "You have sent us several enquiries in a short time, so this one was not sent. Please try again in {wait}, or send it on WhatsApp or by e-mail.",
  aMinute: "a minute",
  minutes: "{minutes} minutes",
  fixOne: "Please fix 1 thing before sending",
  fixMany: "Please fix {count} things before sending",
  /** An enquiry sent another way (a pre-filled e-mail or WhatsApp message): subject, first line. */
  anotherWay: {
    subjects: {
      enquiry: "Enquiry from the website",
      consultation: "Consultation request from the website",
      booking: "Consultation booking from the website",
      registration: "Event registration from the website",
    },
    openings: {
      enquiry: "Hello, here is my enquiry:",
      consultation: "Hello, here is my request for a free consultation:",
      booking: "Hello, here is my request to book a free consultation:",
      registration: "Hello, please register me for the event named in the subject:",
    },
  },
  /** What the server answers when it cannot take a post at all (JSON `errors.form`, or a page). */
  problems: {
    method: "Enquiries are sent with the form on our contact and about pages.",
    type: "Your enquiry arrived in a format we cannot read. Please send it with the form on our site.",
    tooLarge:
      "Your enquiry is longer than we can take (over {kb} kB). Please shorten your message and send it again.",
    malformed: "Your enquiry arrived garbled. Please send it again with the form on our site.",
    unknownForm:
      "We could not tell which form this came from. Please send it with a form on our site.",
    storage: "Something went wrong on our side and your enquiry was not saved. Please try again.",
    key: "Your enquiry arrived with a key we cannot read. Please send it again with the form on our site.",
  },
  /** The server's pages for a form sent with JavaScript off. */
  answers: {
    received: { enquiry: "Enquiry received", consultation: "Request received" },
    thanksTitle: "Thank you",
    thanksHeading: "Thank you, {name}!",
    thanksHeadingNoName: "Thank you!",
    thanksLead: {
      enquiry:
        "Your enquiry has reached our advisers. You will get a reply {replyTime} at {email}.",
      consultation:
        "Your consultation request has reached our advisers. You will get a reply {replyTime} at {email}.",
    },
    backHome: "Back to the home page",
    exploreCourses: "Explore courses",
    fixTitle: "Please check your enquiry",
    fixLead:
      "It has not been sent yet. Everything you typed is below: correct the fields marked and send it again.",
    notSentTitle: "Enquiry not sent",
    notSentEyebrow: "Not sent",
    notSentHeading: "Your enquiry was not sent",
    notSentNext:
      "Please go back and try again, or send it to us another way. An adviser replies {replyTime}.",
    backToForm: "Back to the form",
    sendWhatsapp: "Send on WhatsApp",
    sendByMail: "Send by e-mail",
    description: "Enquiries to {name}: an adviser replies {replyTime}.",
  },
});
