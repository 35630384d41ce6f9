import type { ContentSlug } from '@shared/site-pages';

/**
 * The built-in text of the notice and the required pages, in English and Hindi: shown while no block with
 * the slug exists (or it is switched off), and what the demo data saves as the first version. Admins change
 * the text on the Content blocks screen; the grievance officer comes from the settings, not from here.
 */
export interface PageText {
  title: string;
  titleHi: string;
  body: string;
  bodyHi: string;
}

export const DEFAULT_PAGES: Record<ContentSlug, PageText> = {
  'privacy-notice': {
    title: 'How we use your information',
    titleHi: 'आपकी जानकारी का उपयोग कैसे होता है',
    body: [
      'What we collect: your name, father’s name, Aadhaar number and a scan of your Aadhaar card, mobile number, address (village, block, sub-district, district), category and gender.',
      'Why: to check that each farmer registers once per crop and season, to give you an appointment at the seed counter, to issue your bill, and to follow the rules of any reserved share of the seed.',
      'How long: the Aadhaar scan is deleted {{scanRetentionDays}} days after your seed is issued, your registration expires or is cancelled, and in any case when the season closes. Your registration and bill are kept as the accounts rules require; the bill shows only the last 4 digits of your Aadhaar number.',
      'Who sees it: only the institute’s seed counter and administration staff, to check your registration and issue seed. Your Aadhaar number is stored encrypted and every view of it is recorded. It is not shared with anyone else unless the law requires it.',
      'Your rights: you may see what is held about you, ask for a correction, ask for it to be erased (an unbilled registration is then cancelled), and complain to the grievance officer below. Use “Find my letter” to open your letter.',
    ].join('\n\n'),
    bodyHi: [
      'हम क्या लेते हैं: आपका नाम, पिता का नाम, आधार नंबर और आधार कार्ड की स्कैन, मोबाइल नंबर, पता (गाँव, ब्लॉक, उप जिला, जिला), वर्ग और लिंग।',
      'क्यों: यह जाँचने के लिए कि हर किसान एक फसल के लिए एक मौसम में एक ही बार पंजीकरण करे, बीज काउंटर पर आपको अपॉइंटमेंट देने, आपका बिल बनाने और बीज के आरक्षित हिस्से के नियम लागू करने के लिए।',
      'कब तक: आधार की स्कैन बीज मिलने, पंजीकरण की अवधि समाप्त होने या रद्द होने के {{scanRetentionDays}} दिन बाद, और हर हाल में मौसम बंद होने पर हटा दी जाती है। पंजीकरण और बिल लेखा नियमों के अनुसार रखे जाते हैं; बिल पर आधार नंबर के केवल अंतिम 4 अंक होते हैं।',
      'कौन देखता है: केवल संस्थान के बीज काउंटर और प्रशासन के कर्मचारी, आपका पंजीकरण जाँचने और बीज देने के लिए। आपका आधार नंबर एन्क्रिप्ट करके रखा जाता है और इसे हर बार देखने का रिकॉर्ड रहता है। कानून की माँग के बिना यह किसी और को नहीं दिया जाता।',
      'आपके अधिकार: आप अपने बारे में रखी जानकारी देख सकते हैं, उसमें सुधार माँग सकते हैं, उसे हटाने को कह सकते हैं (तब बिना बिल का पंजीकरण रद्द हो जाता है) और नीचे दिए शिकायत अधिकारी से शिकायत कर सकते हैं। अपना पत्र खोलने के लिए “मेरा पत्र खोजें” का उपयोग करें।',
    ].join('\n\n'),
  },
  'privacy-policy': {
    title: 'Privacy policy',
    titleHi: 'गोपनीयता नीति',
    body: [
      'This website is run by the institute to sell certified seed to farmers. It collects personal information only through the registration form, and only what the form asks for: name, father’s name, Aadhaar number and scan, mobile number, address, category and gender.',
      'The information is used to register farmers, give appointments, issue bills and apply the rules of the seed sale. It is not sold, and it is not shared outside the institute unless the law requires it.',
      'Aadhaar numbers are stored encrypted; staff see them masked, and every view in clear is recorded in the audit log. Aadhaar scans are deleted {{scanRetentionDays}} days after the registration is billed, expires or is cancelled, and when the season closes.',
      'The website sets no advertising or tracking cookies. It keeps your choice of language in your browser (also in a cookie, so that the site opens its first pages in that language), and staff members’ sign-in in theirs.',
      'You may see, correct or ask to erase the information held about you, and complain to the grievance officer named below.',
    ].join('\n\n'),
    bodyHi: [
      'यह वेबसाइट संस्थान द्वारा किसानों को प्रमाणित बीज बेचने के लिए चलाई जाती है। यह व्यक्तिगत जानकारी केवल पंजीकरण फ़ॉर्म से लेती है, और केवल वही जो फ़ॉर्म पूछता है: नाम, पिता का नाम, आधार नंबर और स्कैन, मोबाइल नंबर, पता, वर्ग और लिंग।',
      'जानकारी का उपयोग किसानों के पंजीकरण, अपॉइंटमेंट देने, बिल बनाने और बीज बिक्री के नियम लागू करने में होता है। यह बेची नहीं जाती, और कानून की माँग के बिना संस्थान से बाहर नहीं दी जाती।',
      'आधार नंबर एन्क्रिप्ट करके रखे जाते हैं; कर्मचारी उन्हें छिपे रूप में देखते हैं, और पूरा नंबर हर बार देखने का रिकॉर्ड ऑडिट लॉग में रहता है। आधार की स्कैन पंजीकरण का बिल बनने, अवधि समाप्त होने या रद्द होने के {{scanRetentionDays}} दिन बाद और मौसम बंद होने पर हटा दी जाती है।',
      'वेबसाइट विज्ञापन या ट्रैकिंग वाली कुकी नहीं रखती। यह आपकी चुनी भाषा आपके ब्राउज़र में (एक कुकी में भी, ताकि साइट अपने पहले पृष्ठ उसी भाषा में खोले), और कर्मचारियों का साइन-इन उनके ब्राउज़र में रखती है।',
      'आप अपने बारे में रखी जानकारी देख सकते हैं, सुधार या हटाने को कह सकते हैं, और नीचे दिए शिकायत अधिकारी से शिकायत कर सकते हैं।',
    ].join('\n\n'),
  },
  'terms-of-use': {
    title: 'Terms of use',
    titleHi: 'उपयोग की शर्तें',
    body: [
      'This website is provided by the institute for the registration and sale of certified seed. Its content is for information; the seed counter’s records decide in any dispute.',
      'Register only for yourself, with your own Aadhaar number and a mobile number you can be reached at. A registration made with false details may be cancelled.',
      'One registration per Aadhaar number, crop and season. An appointment letter is not a guarantee of seed beyond the stock available; the letter shows the state of your registration.',
      'Links to other websites are given for convenience; the institute is not responsible for their content.',
      'These terms are governed by the laws of India.',
    ].join('\n\n'),
    bodyHi: [
      'यह वेबसाइट संस्थान द्वारा प्रमाणित बीज के पंजीकरण और बिक्री के लिए दी गई है। इसकी सामग्री जानकारी के लिए है; किसी विवाद में बीज काउंटर के रिकॉर्ड मान्य होंगे।',
      'केवल अपने लिए, अपने आधार नंबर और ऐसे मोबाइल नंबर से पंजीकरण करें जिस पर आपसे संपर्क हो सके। गलत विवरण से किया गया पंजीकरण रद्द किया जा सकता है।',
      'एक आधार नंबर से एक फसल के लिए एक मौसम में एक ही पंजीकरण। अपॉइंटमेंट पत्र उपलब्ध स्टॉक से अधिक बीज की गारंटी नहीं है; पत्र आपके पंजीकरण की स्थिति बताता है।',
      'दूसरी वेबसाइटों के लिंक सुविधा के लिए दिए गए हैं; उनकी सामग्री के लिए संस्थान ज़िम्मेदार नहीं है।',
      'ये शर्तें भारत के कानूनों के अधीन हैं।',
    ].join('\n\n'),
  },
  contact: {
    title: 'Contact us',
    titleHi: 'संपर्क करें',
    body: [
      'Seed sales counter: come on the date and shift printed on your appointment letter, with your original Aadhaar card.',
      'For questions about a registration, keep your letter’s registration number at hand.',
      'Questions or complaints about your personal data go to the grievance officer named below.',
    ].join('\n\n'),
    bodyHi: [
      'बीज बिक्री काउंटर: अपने अपॉइंटमेंट पत्र पर लिखी तारीख और पाली में मूल आधार कार्ड के साथ आएँ।',
      'पंजीकरण के बारे में प्रश्न के लिए अपने पत्र का पंजीकरण नंबर साथ रखें।',
      'अपनी व्यक्तिगत जानकारी के बारे में प्रश्न या शिकायत नीचे दिए शिकायत अधिकारी से करें।',
    ].join('\n\n'),
  },
  'accessibility-statement': {
    title: 'Accessibility statement',
    titleHi: 'सुगम्यता विवरण',
    body: [
      'The institute wants everyone to be able to use this website, whatever their device, ability or language.',
      'The website works on small phones, in Hindi and English, with a keyboard alone and with screen readers. Text can be enlarged up to 200 % without loss of content, and colours keep a contrast ratio of at least 4.5:1. It aims to meet the Guidelines for Indian Government Websites and WCAG 2.1 level AA.',
      'If you find a part of the website you cannot use, tell the contact named below: say which page and what went wrong, and we will help you register another way and fix the page.',
    ].join('\n\n'),
    bodyHi: [
      'संस्थान चाहता है कि हर कोई, किसी भी उपकरण, क्षमता या भाषा के साथ, इस वेबसाइट का उपयोग कर सके।',
      'वेबसाइट छोटे फ़ोन पर, हिन्दी और अंग्रेज़ी में, केवल कीबोर्ड से और स्क्रीन रीडर के साथ काम करती है। पाठ को बिना सामग्री खोए 200 % तक बड़ा किया जा सकता है, और रंगों का कंट्रास्ट कम से कम 4.5:1 है। इसका लक्ष्य भारत सरकार की वेबसाइटों के दिशानिर्देश (GIGW) और WCAG 2.1 स्तर AA का पालन करना है।',
      'यदि वेबसाइट का कोई भाग आप उपयोग नहीं कर पा रहे, तो नीचे दिए संपर्क को बताएँ: कौन सा पृष्ठ और क्या समस्या थी; हम दूसरे तरीके से पंजीकरण में आपकी सहायता करेंगे और पृष्ठ ठीक करेंगे।',
    ].join('\n\n'),
  },
};
