import type { TOtherLanguageCode } from '../extract/detect-language'

/** The priority rules that also read a ticket's own language, by the id they have in `PRIORITY_RULES`. */
export type TTranslatedRule =
  | 'security'
  | 'outage'
  | 'payment-failure'
  | 'urgency'
  | 'subject-flag'
  | 'slowdown'
  | 'wish'
  | 'legal-threat'
  | 'many-affected'
  | 'blocked-business'
  | 'praise'
  | 'repeat-contact'
  | 'anger'
  | 'deadline'
  | 'one-person'

export type TLanguageWords = {
  /** Alternatives of whole words and phrases, lower case, for each rule that reads the language. */
  rules: Record<TTranslatedRule, string>
  /** Words that turn the phrase after them around, as "not" does in English. */
  negators: readonly string[]
  /** The customer says the ticket is pressing, or that it can wait. */
  statedHigh: string
  statedLow: string
}

/**
 * What a customer writing German, French, Spanish, Portuguese, Italian or Dutch says where an English one
 * says "urgent", "down", "hacked" or "charged twice". Read beside the English words, since mail in these
 * languages often names the trouble in English ("der Server ist down"). Written for Parsedesk from common
 * support phrasing (2026-11-25); a word that as often means something ordinary is left out: "bloccato" is a
 * locked account as often as a frozen service, Italian "subito" is also "suffered", French "plus" is also
 * "more", so it negates nothing.
 */
export const OTHER_LANGUAGE_WORDS: Record<TOtherLanguageCode, TLanguageWords> = {
  de: {
    rules: {
      security:
        'sicherheitslücke|sicherheitsproblem|sicherheitsvorfall|gehackt|hackerangriff|datenleck|datenpanne|(?:unbefugte|unberechtigte)[nmr]? zugriffe?|phishing|schadsoftware|trojaner|virus|kompromittiert|gestohlen|identitätsdiebstahl|betrug|betrügerische[nmr]?|unbekannte anmeldung|fremde anmeldung|verdächtige anmeldung|das waren nicht wir|offengelegt|(?:jemand|unbekannte) (?:hat|haben) sich (?:in|bei) \\p{L}+ (?:konto|account|admin-konto) (?:eingeloggt|angemeldet)|(?:eingeloggt|angemeldet) (?:von|aus) (?:einer |einem )?(?:ip|unbekannte|fremde|dem ausland)|anmeldung(?:en)? aus (?:dem ausland|\\p{Lu}\\p{L}+)|(?:passwort|e-?mail-adresse|bankverbindung|iban|kontonummer|auszahlungskonto) (?:wurde |wurden )?geändert|nicht von (?:uns|mir)|(?:war|waren) (?:ich|wir) nicht|gefälschte[nmrs]? (?:e-?mails?|mails?|rechnungen?|nachrichten|webseiten?|seiten?)|phishing-?mails?|betrüger(?:n|ische[nmrs]?)?|datenschutzverletzung|daten (?:sind |wurden )?(?:öffentlich|frei) (?:einsehbar|zugänglich)|kontoübernahme|zugangsdaten (?:wurden )?(?:gestohlen|abgegriffen)',
      outage:
        'ausfall|ausgefallen|störung|funktioniert nicht(?: mehr)?|geht nicht mehr|nicht (?:mehr )?erreichbar|nicht verfügbar|abgestürzt|stürzt (?:immer wieder )?ab|absturz|lädt nicht|serverfehler|systemausfall|weiße seite|leere seite|fehlerseite|lädt (?:nur noch|endlos|ewig)|zeitüberschreitung|timeout|fehler 5\\d\\d|5\\d\\d-?fehler|verbindungsfehler|keine verbindung|(?:geht|gehen|klappt|klappen) (?:gar )?nicht(?: mehr)?|(?:bricht|brechen) (?:\\p{L}+ ){0,4}ab|streikt|hängt (?:sich )?(?:auf|fest)|läuft nicht(?: mehr)?|kommen keine (?:\\p{L}+ )?(?:mails|e-mails|bestellungen|nachrichten|zahlungen)(?: mehr)? an|werden nicht (?:mehr )?(?:verschickt|versendet|gesendet|erstellt|gedruckt)|nichts geht mehr|totalausfall|ist down|sind down',
      'payment-failure':
        'zahlung (?:ist |wurde )?(?:fehlgeschlagen|abgelehnt)|karte (?:wurde )?abgelehnt|(?:doppelt|zweimal|mehrfach|falsch) (?:abgebucht|belastet|berechnet)|doppelte abbuchung|unberechtigte abbuchung|kann nicht bezahlen|rückerstattung (?:noch )?nicht erhalten|(?:gekündigte[nms]?|bereits gekündigt)|(?:abgebucht|belastet|eingezogen|berechnet)\\b.{0,60}\\b(?:gekündigt|storniert)|trotz kündigung|nach (?:der|meiner|unserer) kündigung|(?:zahlungen?|kartenzahlungen?|bezahlung) (?:geht|gehen|funktioniert|funktionieren|klappt|klappen) (?:gar )?nicht|kunden können nicht (?:bezahlen|zahlen)|(?:zahlung|kasse|checkout) (?:schlägt fehl|bricht ab)',
      urgency:
        'dringend|dringende[nmrs]?|eilig|eilt|sofort|umgehend|unverzüglich|schnellstmöglich|so schnell wie möglich|kritisch|notfall|höchste priorität',
      'subject-flag': 'dringend|eilt|notfall|ausfall|störung|kritisch',
      'legal-threat':
        'anwalt|anwältin|rechtsanwalt|anwälte|abmahnung|rechtliche schritte|gerichtlich|klage|verbraucherzentrale|datenschutzbehörde|(?:landes)?datenschutzbeauftragten?|lastschrift zurückbuchen|zurückbuchen lassen|rückbuchung|chargeback|gericht|klage|verklagen|bei (?:meiner|unserer) bank (?:zurückbuchen|widersprechen|reklamieren)|lastschrift (?:widerrufen|zurückgeben|zurückholen)|rechtsabteilung|schadensersatz|anzeige erstatten|strafanzeige|bundesnetzagentur|aufsichtsbehörde|inkasso|rechtsweg|juristisch',
      'many-affected':
        '(?:in )?alle[nm]? (?:\\d+ )?(?:kunden|filialen|standorten?|kassen|mitarbeitern?|nutzern?|praxen|märkten)|für alle|niemand kann|keiner kann|kein kunde kann|(?:alle|sämtliche|allen|in allen|bei allen|für alle) (?:\\d+ )?(?:unsere[nr]? )?(?:kunden|kundinnen|filialen|standorte[n]?|kassen|mitarbeite(?:r|nde)n?|nutzer(?:innen|n)?|benutzer[n]?|praxen|märkte[n]?|geschäfte[n]?|läden|shops|büros|niederlassungen|schulen|kliniken|apotheken|restaurants|hotels|lager[n]?|fahrer[n]?|mitglieder[n]?|patienten|teams|abteilungen|geräte[n]?|terminals)|unsere[nr]? (?:[3-9]|\\d{2,}) \\p{L}+|(?:hunderte|tausende|dutzende) (?:von )?\\p{L}+|niemand kommt|keiner kommt|kein(?:e)? (?:einzige[rn]? )?(?:kunde|kundin|nutzer|mitarbeiter) kann|sowohl für uns als auch|mehrere (?:unserer )?(?:kunden|filialen|standorte|nutzer)|(?:[2-9]\\d|\\d{3,}|\\d{1,3}\\.\\d{3}) (?:kunden|filialen|standorte|mitarbeitende|mitarbeiter|mitarbeiterinnen|nutzer|praxen|kliniken|apotheken|schulen|geschäfte|läden|märkte|restaurants|hotels|fahrer|mitglieder|patienten|kassen)',
      'blocked-business':
        'umsatz|verkäufe|\\d+ (?:bestellungen|pakete|aufträge)|gehälter|lohnabrechnung|patienten|versand steht|schlangen werden|(?:können|kann) (?:keine|nicht|nichts) (?:\\p{L}+ )?(?:verkaufen|versenden|verschicken|liefern|ausliefern|kassieren|abrechnen|buchen|annehmen|arbeiten|öffnen)|(?:keine|null) (?:einzige )?(?:bestellungen?|buchungen?|verkäufe|umsätze|zahlungen) (?:mehr|seit|kommen)|verlieren (?:\\p{L}+ )?(?:bestellungen|umsatz|kunden|geld|aufträge|buchungen)|jede (?:minute|stunde) kostet|sonderverkauf|aktion läuft|black friday|hochsaison|(?:kunden|patienten|gäste|fahrer) (?:stehen|warten)|warteschlangen?|stillstand|steht still|lahmgelegt|(?:fahrer|kurier|abholung|dhl|ups|dpd|hermes|gls) (?:kommt|holt|ist um)|löhne|lohnlauf',
      praise:
        'großes lob|(?:mich|uns) (?:einfach mal )?bedanken|vielen dank für (?:die|ihre) (?:tolle|schnelle)|super service|kompliment|weiter so|(?:möchte|wollte) (?:mich )?(?:einfach )?(?:mal )?danke sagen',
      'repeat-contact':
        'zum (?:zweiten|dritten|vierten) mal|(?:zweimal|dreimal|mehrmals) (?:angerufen|geschrieben|gemeldet|abgemeldet)|keine antwort|keine rückmeldung|bereits (?:zweimal|mehrfach|mehrmals)|erneut|(?:schon|bereits) (?:zweimal|dreimal|mehrfach|mehrmals|\\d+ ?mal|x-mal|mehrere male) (?:\\p{L}+ )?(?:geschrieben|angerufen|gemeldet|nachgefragt|kontaktiert|gemahnt)|(?:noch )?immer (?:noch )?(?:keine|nichts)|(?:habe|haben) (?:noch )?(?:nichts|keine antwort) (?:von ihnen )?(?:gehört|erhalten|bekommen)|nichts (?:mehr )?(?:von ihnen )?gehört|niemand (?:antwortet|meldet sich|reagiert|ruft zurück|hilft)|keiner (?:antwortet|meldet sich|reagiert|hilft)|(?:meine|unsere) (?:letzte|vorherige|bisherige)n? (?:e-?mails?|nachrichten|anfragen|tickets)|seit (?:tagen|wochen) (?:keine|nichts|ohne)|ohne (?:jede )?(?:antwort|reaktion|rückmeldung)|zum wiederholten mal|schon wieder|wieder einmal',
      anger:
        'unverschämt|frechheit|inakzeptabel|unzumutbar|skandal|skandalös|unmöglich|katastrophe|katastrophal|zumutung|sauerei|verärgert|wütend|empört|dreist|abzocke|ich will mein geld zurück|reicht (?:mir|uns)|die nase voll',
      deadline:
        'bis (?:heute|morgen|freitag|montag|dienstag|mittwoch|donnerstag)|heute raus|um \\d+ uhr|innerhalb von \\d+|frist',
      'one-person':
        'nur (?:bei )?mir|nur mein(?:em)? (?:konto|account|rechner|laptop|handy)|(?:bei )?(?:meinen|unseren|den) (?:kollegen|kolleginnen|mitarbeitern) (?:funktioniert|geht|klappt|läuft) es|(?:meine )?kollegen (?:können|kommen) (?:sich )?(?:ganz )?(?:normal|problemlos)|alle anderen (?:können|kommen)|bei allen anderen',
      slowdown: 'langsam|langsame[nmrs]?|verlangsamt|träge|ruckelt',
      wish: 'wäre (?:sehr |wirklich )?(?:hilfreich|schön|toll|nützlich|praktisch)',
    },
    negators: ['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'nie', 'niemals', 'ohne'],
    statedHigh: 'hohe priorität|priorität:? hoch|höchste priorität',
    statedLow:
      'nicht dringend|eilt nicht|keine eile|hat zeit|niedrige priorität|priorität:? niedrig|wenn sie zeit haben|eilt (?:aber |also )?nicht|läuft wieder|funktioniert wieder|ticket schließen|nur aus interesse|rein interessehalber|aus reiner neugier|alles wieder in ordnung|problem (?:ist )?gelöst',
  },
  fr: {
    rules: {
      security:
        "piraté|piratée|piratage|faille de sécurité|problème de sécurité|fuite de données|accès non autorisé|hameçonnage|phishing|logiciel malveillant|virus|usurpation d[’']identité|fraude|frauduleux|frauduleuse|faux (?:mails?|e-mails?|courriels?)|connexion suspecte|ce n[’']était pas nous|fuite|exposées? publiquement|(?:quelqu[’']un|un inconnu) (?:s[’']est connecté|a accédé|a eu accès)|connexions? (?:depuis|à partir) (?:d[’']une?|de|des) (?:adresses?|ip|pays|appareils?)|adresses? (?:ip )?inconnues?|(?:mot de passe|adresse e-?mail|iban|rib|coordonnées bancaires) (?:a été|ont été) (?:modifié|changé)e?s?|ce n[’'](?:est|était) pas (?:moi|nous)|(?:faux|fausses?) (?:e-?mails?|mails?|messages?|factures?|sites?)|site frauduleux|escrocs?|usurp\\p{L}*|hameçonn\\p{L}*|violation de données|données (?:ont été )?(?:exposées|divulguées|volées|accessibles)|identifiants (?:volés|dérobés)|se font passer pour|compromis",
      outage:
        "en panne|panne|hors service|hors ligne|ne fonctionne (?:plus|pas)|ne marche (?:plus|pas)|inaccessible|indisponible|interruption de service|plantage|erreur serveur|ne répond (?:plus|pas)|page blanche|écran blanc|page d[’']erreur|tourne en boucle|charge (?:sans fin|indéfiniment|dans le vide)|ne charge (?:plus|pas)|(?:erreur|code) 5\\d\\d|délai d[’']attente|timeout|(?:est|sont|reste|restent) bloqué(?:e|s|es)?|tout est bloqué|plant(?:e|ent|é|ée)|ne (?:part|partent|passe|passent) (?:plus|pas)|aucune? [\\p{L}-]+ ne (?:part|partent|passe|passent|arrive|arrivent|fonctionne|fonctionnent)|ne s[’'](?:envoie|envoient|affiche|affichent|ouvre|ouvrent|imprime|impriment) (?:plus|pas)|aucune? (?:\\p{L}+ ){0,6}n[’']est (?:plus )?(?:envoyée?|partie?|arrivée?|générée?)|impossible (?:de se connecter|d[’']accéder|de (?:nous )?connecter)|erreur de connexion|à l[’']arrêt|refuse(?:nt)? de (?:générer|charger|s[’']ouvrir|démarrer|imprimer|envoyer|se connecter)",
      'payment-failure':
        "paiement (?:a été |a )?(?:refusé|échoué|rejeté)|échec (?:du|de) paiement|carte (?:a été )?refusée|(?:débité|prélevé|facturé)e? (?:deux fois|à tort|en double)|double (?:prélèvement|débit|facturation)|impossible de payer|remboursement (?:jamais |pas )?reçu|que (?:nous avons|j[’']ai) résilié|(?:prélevé|débité|facturé|encaissé)e?s?\\b.{0,60}\\b(?:résilié|annulé|clôturé)e?s?|malgré (?:la|ma|notre) résiliation|après (?:la|ma|notre) résiliation|(?:paiements?|encaissements?|règlements?) (?:ne passe(?:nt)? (?:plus|pas)|échoue(?:nt)?|impossibles?)|ne (?:peu(?:t|vent)|parvien(?:t|nent)) (?:plus )?(?:payer|régler|valider (?:son|leur) panier)|impossible d[’']encaisser|prélèvement (?:abusif|injustifié|non autorisé)|prélevée?s? à tort",
      urgency:
        'urgent|urgente|urgence|urgemment|immédiatement|au plus vite|dès que possible|le plus rapidement possible|critique|sans délai|prioritaire',
      'subject-flag': 'urgent|urgence|panne|critique|hors service',
      'legal-threat':
        'avocate?|mise en demeure|action en justice|poursuites|procédure|tribunal|cnil|dgccrf|ferai opposition|faire opposition|je fais opposition|litige|chargeback|justice|porter plainte|plainte|contester (?:le|ce|les) (?:prélèvement|paiement|débit)s?|opposition bancaire|huissier|contentieux|service juridique|saisir la (?:cnil|dgccrf|justice)|saisirai|saisirons|médiateur|associations? de consommateurs|dommages(?: et |-)intérêts|réclamation officielle',
      'many-affected':
        "tou(?:s|tes) (?:les |nos )?(?:\\d+ )?(?:clients|requêtes|utilisateurs|pharmacies|magasins|agences|boutiques|adhérents)|l[’']ensemble de nos|aucun client|plusieurs de nos (?:clients|adhérents)|personne ne peut|(?:tou(?:s|tes)|l[’']ensemble de) (?:nos|les|mes) (?:\\d+ )?(?:clients|clientes|utilisateurs|utilisatrices|salariés|employés|collaborateurs|magasins|boutiques|agences|sites|filiales|succursales|restaurants|hôtels|écoles|cliniques|cabinets|pharmacies|patients|adhérents|membres|points de vente|caisses|terminaux|entrepôts|établissements|franchisés|centres|chauffeurs|livreurs|élèves|étudiants)|nos (?:[3-9]|\\d{2,}) \\p{L}+|(?:des )?(?:centaines|milliers|dizaines) de \\p{L}+|personne ne (?:peut|arrive|parvient)|aucun(?:e)? de nos \\p{L}+|pour tout le monde|tout le monde (?:a|est|voit|reçoit)|plusieurs (?:de nos )?(?:clients|adhérents|utilisateurs|magasins|sites)|nos clients (?:ne )?(?:reçoivent|appellent|ne peuvent)|(?:[2-9]\\d|\\d{3,}|\\d{1,3}[  .]\\d{3}) (?:clients|utilisateurs|salariés|employés|collaborateurs|magasins|boutiques|agences|sites|restaurants|hôtels|écoles|cliniques|cabinets|pharmacies|patients|adhérents|membres|caisses|chauffeurs|livreurs|élèves)",
      'blocked-business':
        "ventes|patients|\\d+ commandes|ne peuvent plus|perdons|aucune confirmation de commande|(?:nous )?perd(?:ons|re) (?:des |de l[’']|notre |nos )?(?:ventes|commandes|clients|argent|chiffre d[’']affaires|réservations)|(?:pas une seule|zéro) (?:commande|vente|réservation|paiement)|(?:ne pouvons|ne peut|ne peuvent|impossible d[’']|impossible de) (?:plus )?(?:vendre|expédier|encaisser|livrer|facturer|travailler|ouvrir|prendre (?:de |les )?(?:commandes|rendez-vous|réservations))|soldes|black friday|(?:pleine|haute) saison|en pleine (?:période|campagne|promotion)|(?:clients|patients|gens) (?:attendent|font la queue|patientent)|file d[’']attente|(?:transporteur|livreur|coursier|chronopost|colissimo|dpd|ups|dhl) (?:passe|arrive|vient)|salaires|la paie|\\d+ (?:colis|commandes|envois|expéditions|factures)|activité (?:est )?(?:bloquée|à l[’']arrêt|paralysée)|paralysée?s?",
      praise:
        'bravo|félicitations|merci (?:beaucoup )?pour votre (?:aide|réactivité|excellent)|un grand merci|service impeccable|continuez comme ça|je tenais à (?:vous )?remercier',
      'repeat-contact':
        "(?:deuxième|troisième|quatrième) (?:fois|relance)|relance|toujours (?:aucune|pas de) réponse|personne ne répond|nombreux courriers|plusieurs fois|(?:déjà|à) (?:plusieurs|deux|trois|\\d+) (?:reprises|fois)|(?:deux|trois|quatre|\\d+) (?:relances|appels|mails|e-mails)|(?:sans|aucune) (?:réponse|nouvelles|retour)|(?:je n[’']ai|nous n[’']avons) (?:toujours )?(?:rien|aucune réponse|pas de réponse|eu aucun retour)|personne ne (?:me |nous )?(?:répond|rappelle|réagit)|mes (?:précédents|derniers) (?:messages|mails|e-mails|courriels|appels)|(?:mon|notre) (?:précédent|dernier) (?:message|mail|e-mail)|toujours rien|nième",
      anger:
        "inadmissible|inacceptable|scandaleux|honteux|lamentable|honte|honteux|honteuse|scandale|n[’']importe quoi|ras[- ]le[- ]bol|j[’']en ai marre|intolérable|incompétents?|voleurs|escroquerie|arnaque|furieux|furieuse|exaspérée?|je veux (?:mon|être) rembours\\p{L}*",
      deadline:
        "sous \\d+ (?:heures|jours)|sous (?:huit|quinze) jours|aujourd[’']hui|avant \\d+ ?h|d[’']ici (?:demain|ce soir|vendredi)|avant (?:ce soir|demain|midi|la fin de (?:la )?journée)",
      'one-person':
        "(?:seulement|uniquement) (?:moi|mon compte|sur mon (?:poste|ordinateur|téléphone))|que moi|mes collègues (?:n[’']ont pas|peuvent|arrivent|y accèdent|ne sont pas)|chez (?:mes|les) collègues|les autres utilisateurs (?:n[’']ont pas|peuvent)|fonctionne pour (?:les autres|mes collègues)",
      slowdown: 'lent|lente|lents|lentes|lenteurs?|ralenti|ralentie|ralentissements?',
      wish: 'ce serait (?:très |vraiment )?(?:utile|bien|pratique|génial)|il serait (?:très )?utile',
    },
    negators: ['pas', 'jamais', 'sans', 'aucun', 'aucune', 'ni'],
    statedHigh: 'haute priorité|priorité haute|priorité élevée|très prioritaire',
    statedLow:
      "pas urgent|pas pressé|rien d[’']urgent|rien de pressé|priorité basse|faible priorité|quand vous aurez le temps|à votre convenance|fonctionne à nouveau|refonctionne|clôturer le ticket|fermer le ticket|tout est rentré dans l[’']ordre|aucune urgence|rien ne presse|fonctionne de nouveau|tout fonctionne (?:de nouveau|à nouveau|parfaitement)|clore le ticket|(?:le )?problème est résolu|simple curiosité",
  },
  es: {
    rules: {
      security:
        'hackeado|hackeada|hackearon|pirateado|pirateada|brecha de seguridad|fallo de seguridad|problema de seguridad|fuga de datos|acceso no autorizado|suplantación|phishing|virus|malware|comprometido|comprometida|robado|robada|robo de identidad|fraude|fraudulento|fraudulenta|correos falsos|filtración|alguien tiene nuestros datos|inicio de sesión sospechoso|no fuimos nosotros|(?:alguien|un desconocido) (?:ha )?(?:entró|entrado|accedió|accedido|inició sesión|iniciado sesión)|(?:inicios?|accesos?) (?:de sesión )?desde (?:una |un )?(?:ip|dispositivo|país|ubicación)|ip desconocida|(?:contraseña|correo|email|iban|cuenta bancaria|datos bancarios) (?:ha sido|fue|fueron|han sido) (?:cambiad|modificad)[oa]s?|(?:cambiaron|han cambiado) (?:la|el|mi|nuestra|nuestro) (?:contraseña|correo|iban|cuenta)|no (?:fui yo|fuimos nosotros)|(?:correos?|e-?mails?|facturas?|mensajes?|webs?|páginas?) (?:falsos?|falsas?|fraudulent[oa]s)|estafadores|suplant\\p{L}*|se hacen pasar por|datos (?:expuestos|filtrados|robados)|fuga de información|se han filtrado|credenciales (?:robadas|comprometidas)',
      outage:
        'caído|caída|caídos|no funciona|dejó de funcionar|ha dejado de funcionar|fuera de servicio|sin servicio|no está disponible|no disponible|inaccesible|interrupción del servicio|se cae|se bloquea|no responde|no carga|error del servidor|página en blanco|pantalla (?:en )?blanca|pantalla de error|página de error|errore?s? 5\\d\\d|tiempo de espera|timeout|(?:se queda|se quedó|está|están) (?:colgad|bloquead|parad|trabad)[oa]s?|no (?:carga|cargan|abre|abren|arranca|envía|envían|genera|generan|imprime|imprimen|conecta|sincroniza|procesa|procesan)|no se (?:envía|envían|genera|generan|puede acceder|carga|cargan|abre|abren)|error de conexión|sin conexión|no hay conexión|no podemos (?:acceder|entrar|conectar)|se ha caído|todo parado',
      'payment-failure':
        'pago (?:fue )?(?:rechazado|fallido|denegado)|(?:el )?pago (?:ha )?fallado|tarjeta (?:fue )?rechazada|cobrado dos veces|(?:cobro|cargo) (?:doble|duplicado|indebido)|doble cobro|no puedo pagar|no (?:he )?recibido (?:mi|el) reembolso|(?:dimos|di) de baja|cobrado (?:3|tres) veces|(?:cobrado|cargado|cobrando|cargando|facturado)\\b.{0,60}\\b(?:dimos de baja|di de baja|cancelad[oa]|anulad[oa]|cancelé|cancelamos)|(?:seguís|siguen) cobrando|pagos? (?:no (?:pasan|pasa|funcionan|funciona|se procesa|se procesan)|fallan|falla)|(?:ningún cliente|nadie) (?:puede|pueden) (?:pagar|comprar|finalizar)|pasarela de pago|cobro (?:indebido|no autorizado)|(?:me|nos) (?:habéis|han) cobrado',
      urgency:
        'urgente|urgentemente|urgencia|inmediatamente|de inmediato|lo antes posible|cuanto antes|lo más pronto posible|crítico|crítica|emergencia|sin demora',
      'subject-flag': 'urgente|urgencia|caído|caída|crítico|emergencia',
      'legal-threat':
        'abogad[oa]s?|acciones legales|acción legal|demanda|denuncia|reclamación ante|ante consumo|aepd|anule el cargo|anular el cargo|contracargo|chargeback|tribunales|juzgado|juicio|devolución del cargo|retroceder el cargo|hoja de reclamaciones|reclamación formal|oficina del consumidor|facua|ocu|organización de consumidores|burofax|vía judicial|acciones judiciales|emprender acciones|daños y perjuicios|agencia (?:española )?de protección de datos',
      'many-affected':
        'ningún cliente|todos (?:los|nuestros) (?:clientes|usuarios)|todas (?:las|nuestras) (?:tiendas|sucursales|clínicas)|nadie puede|varios clientes|(?:todos|todas) (?:los|las|nuestros|nuestras) (?:\\d+ )?(?:clientes|usuarios|empleados|trabajadores|tiendas|sucursales|sedes|oficinas|clínicas|farmacias|academias|escuelas|colegios|restaurantes|hoteles|almacenes|centros|locales|pacientes|alumnos|profesores|socios|miembros|cajas|terminales|franquicias|delegaciones)|nuestr[oa]s (?:[3-9]|\\d{2,}) \\p{L}+|(?:ninguno|ninguna) de (?:nuestr[oa]s|l[oa]s) \\p{L}+|(?:cientos|miles|decenas) de \\p{L}+|para todos|a todos (?:los|nuestros)|todo el mundo|nadie (?:puede|consigue)|ningún (?:usuario|empleado)|(?:varios|muchos) (?:de nuestros )?(?:clientes|usuarios)|(?:[2-9]\\d|\\d{3,}|\\d{1,3}\\.\\d{3}) (?:clientes|usuarios|empleados|trabajadores|tiendas|sucursales|sedes|oficinas|clínicas|farmacias|academias|escuelas|restaurantes|hoteles|pacientes|alumnos|socios|cajas|conductores)',
      'blocked-business':
        'perdiendo|todas las ventas|pedidos parados|\\d+ pedidos|pacientes|no podemos enviar|perdiendo (?:\\p{L}+ )?(?:ventas|pedidos|clientes|dinero|reservas)|(?:no entra|no entran|no llega|no llegan) (?:ningún|ninguna)? ?(?:pedidos?|ventas?|reservas?)|cero (?:pedidos|ventas)|no podemos (?:vender|enviar|cobrar|facturar|trabajar|abrir|atender)|(?:pedidos|envíos|paquetes) parados|black friday|rebajas|temporada alta|(?:clientes|pacientes|alumnos|gente) (?:esperando|haciendo cola|en cola)|colas|nóminas|(?:el )?(?:transportista|mensajero|repartidor|seur|mrw) (?:pasa|viene|llega)|\\d+ (?:paquetes|envíos|facturas)|paralizad[oa]s?',
      praise:
        'felicitar|enhorabuena|muchas gracias por (?:la|su|vuestra) (?:ayuda|rapidez|atención)|un servicio excelente|(?:quería|queríamos|quiero) (?:daros|darles|dar) las gracias|seguid así|sigan así',
      'repeat-contact':
        '(?:segunda|tercera|cuarta) vez|sin respuesta|nadie contesta|nadie responde|sigo sin|(?:tres|cuatro|\\d+) veces|(?:ya )?(?:he|hemos) (?:escrito|llamado|reclamado|contactado|enviado) (?:\\p{L}+ )?(?:varias|muchas|dos|tres|\\d+) veces|(?:varias|muchas) veces|(?:sin|ninguna) respuesta|sigo (?:sin|esperando)|seguimos (?:sin|esperando)|(?:todavía|aún) (?:nada|sin)|nadie (?:me |nos )?(?:contesta|responde|llama|soluciona|hace nada)|(?:mis|nuestros) (?:anteriores|últimos) (?:correos|mensajes|emails)|(?:mi|nuestro) (?:anterior|último) (?:correo|mensaje|email)',
      anger:
        'vergüenza|inaceptable|indignante|intolerable|una estafa|vergonzoso|indignad[oa]|hart[oa]s?|inadmisible|robo|ladrones|tomadura de pelo|quiero mi dinero|devuélvanme|devolvedme|lamentable|pésimo|nefasto',
      deadline: 'hoy mismo|para hoy|mañana|en un plazo de|antes del? (?:viernes|lunes)',
      'one-person':
        'solo (?:a )?mí|sólo (?:a )?mí|solo me pasa|solo en mi (?:cuenta|ordenador|móvil)|(?:mis|los) compañeros (?:sí|pueden|no tienen|entran|ven)|a (?:mis|los) compañeros (?:les )?(?:funciona|va bien)|(?:el resto|los demás) (?:sí|pueden|no tienen)',
      slowdown: 'lento|lenta|lentos|lentas|lentitud|ralentizado|ralentizada',
      wish: 'sería (?:muy )?(?:útil|genial|estupendo|práctico)|estaría bien',
    },
    negators: ['no', 'nunca', 'sin', 'ningún', 'ninguna', 'ni', 'tampoco'],
    statedHigh: 'prioridad alta|alta prioridad|máxima prioridad',
    statedLow:
      'no es urgente|nada urgente|sin prisa|no hay prisa|prioridad baja|baja prioridad|cuando (?:pueda|puedan|tenga tiempo)|ya funciona|vuelve a funcionar|cerrar el ticket|todo funciona bien|ninguna prisa|no corre prisa|sin urgencia|ya está (?:resuelto|solucionado)|pod(?:éis|eis|éis|en) cerrar (?:el ticket|la incidencia)|por pura curiosidad',
  },
  pt: {
    rules: {
      security:
        'hackeado|hackeada|invadido|invadida|falha de segurança|problema de segurança|vazamento de dados|acesso não autorizado|phishing|vírus|malware|comprometido|comprometida|roubado|roubada|roubo de identidade|fraude|fraudulento|fraudulenta|expostos|vazamento|vazaram|acesso suspeito|não fomos nós|e-mails? falsos|(?:alguém|um desconhecido) (?:entrou|acessou|fez login|logou)|(?:login|acesso|acessos|logins) (?:a partir de|de um|de uma|vindo de) (?:um |uma )?(?:ip|dispositivo|país|local|endereço)|dispositivo que não (?:conheço|reconheço)|(?:senha|e-?mail|e-?mail de acesso|dados bancários|conta bancária|chave pix) (?:foi|foram) (?:alterad|trocad|mudad)[oa]s?|não (?:fui eu|fomos nós)|(?:e-?mails?|boletos?|sites?|mensagens?|faturas?|páginas?) (?:falsos?|falsas?|fraudulent[oa]s)|golpistas?|se passando por|dados (?:vazados|expostos|roubados)|vazou|credenciais (?:roubadas|vazadas)|clonad[oa]',
      outage:
        'fora do ar|caiu|não funciona|parou de funcionar|deixou de funcionar|fora de serviço|indisponível|inacessível|interrupção do serviço|não carrega|não responde|erro (?:do|no) servidor|travou|página em branco|tela branca|tela de erro|página de erro|erros? 5\\d\\d|tempo esgotado|timeout|(?:está|estão|ficou|ficaram) (?:travad|parad|bloquead)[oa]s?|não (?:carrega|carregam|abre|abrem|envia|enviam|emite|emitem|gera|geram|imprime|imprimem|conecta|sincroniza|processa)|erro de (?:comunicação|conexão)|sem conexão|não (?:conseguimos|consegue|conseguem) (?:acessar|entrar|conectar|logar)|tudo parado|saiu do ar',
      'payment-failure':
        'pagamento (?:foi )?(?:recusado|rejeitado|negado)|pagamento falhou|falha no pagamento|cartão (?:foi )?recusado|cobrad[oa] duas vezes|cobrança (?:duplicada|indevida|em dobro)|não consigo pagar|não recebi (?:o|meu) reembolso|que (?:cancelei|cancelamos)|cobrança em duplicidade|debitaram|(?:cobrad|debitad|descontad)[oa]s?\\b.{0,60}\\b(?:cancelei|cancelamos|cancelad[oa])|continuam cobrando|pagamentos? (?:não (?:passa|passam|funciona|funcionam)|falha|falham)|(?:nenhum cliente|ninguém) (?:consegue|conseguem) (?:pagar|comprar|finalizar)|cobrança (?:indevida|não autorizada)',
      urgency:
        'urgente|urgentemente|urgência|imediatamente|de imediato|o mais rápido possível|o quanto antes|assim que possível|crítico|crítica|emergência|sem demora',
      'subject-flag': 'urgente|urgência|fora do ar|crítico|emergência',
      'legal-threat':
        'advogad[oa]s?|procon|justiça|judiciário|processo judicial|notificação extrajudicial|anpd|estorno|chargeback|(?:vou|vamos) processar|processar (?:vocês|a empresa)|tribunal|juizado|(?:pedir|solicitar) (?:ao|para o) (?:meu|nosso) banco|contestar (?:a|as) (?:cobrança|compra)s?|consumidor\\.gov|reclame aqui|danos morais|indenização|medidas judiciais|vias legais|ação judicial|departamento jurídico',
      'many-affected':
        'nenhuma? das nossas|tod[oa]s as (?:nossas )?(?:unidades|lojas|filiais|clínicas)|todos os (?:nossos )?(?:clientes|usuários)|nenhum cliente|ninguém consegue|tod[oa]s (?:as|os) (?:nossas |nossos )?(?:\\d+ )?(?:clientes|usuários|funcionários|colaboradores|lojas|filiais|unidades|clínicas|farmácias|escolas|restaurantes|hotéis|armazéns|centros|pacientes|alunos|professores|associados|membros|caixas|terminais|franquias|consultórios|sedes)|noss[oa]s (?:[3-9]|\\d{2,}) \\p{L}+|(?:centenas|milhares|dezenas) de \\p{L}+|para todos|todo mundo|ninguém (?:consegue|pode)|(?:vários|muitos) (?:dos nossos )?(?:clientes|usuários)|(?:[2-9]\\d|\\d{3,}|\\d{1,3}\\.\\d{3}) (?:clientes|usuários|funcionários|colaboradores|lojas|filiais|unidades|clínicas|farmácias|escolas|restaurantes|hotéis|pacientes|alunos|associados|caixas|motoristas)',
      'blocked-business':
        'perdendo|vendas|\\d+ pedidos|pacientes|não podemos (?:despachar|enviar|vender)|perdendo (?:\\p{L}+ )?(?:vendas|pedidos|clientes|dinheiro)|(?:nenhuma venda|nenhum pedido|zero vendas|zero pedidos)|não (?:podemos|conseguimos) (?:vender|despachar|enviar|faturar|emitir|trabalhar|abrir|atender|cobrar)|black friday|liquidação|(?:clientes|pacientes|alunos|pessoas) (?:esperando|na fila|aguardando|chegando)|filas?|folha de pagamento|salários|\\d+ (?:pacotes|envios|notas)|(?:transportadora|motoboy|correios|entregador) (?:passa|vem|chega)|operação parada|paralisad[oa]s?',
      praise:
        'parabéns|(?:queria|quero) agradecer|muito obrigad[oa] pel[oa]|atendimento excelente|continuem assim|(?:quero|queria) agradecer',
      'repeat-contact':
        '(?:segunda|terceira|quarta) (?:vez|tentativa)|ninguém (?:respondeu|responde|resolve)|sem resposta|já liguei|(?:três|quatro|\\d+) vezes|(?:já )?(?:liguei|escrevi|mandei|enviei|reclamei|entrei em contato) (?:\\p{L}+ )?(?:várias|muitas|duas|três|\\d+) vezes|(?:várias|muitas) vezes|(?:sem|nenhuma) resposta|(?:ainda|até agora) (?:nada|sem|ninguém)|ninguém (?:me |nos )?(?:responde|respondeu|retorna|retornou|resolve|ajuda)|(?:meus|nossos) (?:e-?mails|contatos|chamados) anteriores|continuo (?:sem|esperando|aguardando)',
      anger:
        'absurdo|inaceitável|vergonha|ridículo|vergonhoso|revoltante|palhaçada|descaso|falta de respeito|roubo|ladrões|cansad[oa] de|quero (?:o )?meu dinheiro|péssimo|indignad[oa]|lamentável',
      deadline: 'hoje|até amanhã|em \\d+ dias|até (?:sexta|segunda)',
      'one-person':
        'só (?:comigo|para mim|na minha conta)|somente (?:comigo|eu)|(?:meus )?colegas (?:conseguem|entram|não têm|acessam)|para (?:os )?(?:meus )?colegas funciona|(?:os )?outros usuários (?:conseguem|entram)',
      slowdown: 'lento|lenta|lentos|lentas|lentidão',
      wish: 'seria (?:muito )?(?:útil|ótimo|bom|legal|prático)',
    },
    negators: ['não', 'nunca', 'sem', 'nenhum', 'nenhuma', 'nem'],
    statedHigh: 'prioridade alta|alta prioridade|máxima prioridade',
    statedLow:
      'não é urgente|nada urgente|sem pressa|prioridade baixa|baixa prioridade|quando (?:puder|puderem)|voltou a funcionar|já funciona|fechar o chamado|está tudo certo|sem urgência|tudo normalizado|já (?:está )?resolvido|(?:está )?tudo resolvido|podem (?:encerrar|fechar) o (?:chamado|ticket)|só por curiosidade',
  },
  it: {
    rules: {
      security:
        "violato|violata|hackerato|hackerata|violazione (?:dei dati|di sicurezza)|problema di sicurezza|fuga di dati|accesso non autorizzato|phishing|virus|malware|compromesso|compromessa|rubato|rubata|furto d[’']identità|frode|fraudolento|fraudolenta|accesso sospetto|non siamo stati noi|esposti|e-?mail false|qualcuno (?:ha )?(?:effettuato l[’']accesso|acceduto|è entrato|fatto login)|(?:accesso|accessi|login) da (?:un |una )?(?:indirizzo|ip|dispositivo|paese|località)|(?:password|e-?mail|iban|dati bancari) (?:è stat[oa]|sono stati) (?:cambiat|modificat)[oaie]|(?:hanno|ha) cambiato (?:la |il |l[’'])?(?:password|iban|e-?mail)|non (?:sono stato io|siamo stati noi)|(?:email|e-mail|mail|messaggi|fatture|siti?) (?:fals[ei]|fraudolent[ei]|contraffatt[ei])|truffatori|si spacciano per|dati (?:espost|rubat|trafugat)[ie]|fuga di (?:dati|informazioni)|credenziali (?:rubate|compromesse)",
      outage:
        'non funziona(?: più)?|ha smesso di funzionare|smesso di funzionare|fuori servizio|disservizio|guasto|interruzione del servizio|irraggiungibile|non raggiungibile|non disponibile|inaccessibile|non risponde|non si carica|si blocca|errore del server|pagina bianca|schermata bianca|pagina di errore|errori? 5\\d\\d|(?:è|sono) (?:fermo|ferma|fermi|ferme|piantat[oaie])|non (?:carica|caricano|si apre|si aprono|parte|partono|stampa|stampano|invia|inviano|genera|generano|si collega|sincronizza)(?: più)?|va in errore|vanno in errore|errore di (?:connessione|comunicazione)|nessuna connessione|non (?:riusciamo|riesce|riescono) (?:ad accedere|a entrare|a collegar\\p{L}*)|tutto fermo|in tilt',
      'payment-failure':
        'pagamento (?:è stato )?(?:rifiutato|respinto)|pagamento (?:fallito|non riuscito|non andato a buon fine)|carta (?:è stata )?rifiutata|addebitat[oa] due volte|doppio addebito|addebito (?:doppio|non autorizzato|errato)|non riesco a pagare|rimborso non (?:ancora )?ricevuto|che (?:ho|abbiamo) disdetto|addebitato|(?:addebitat|prelevat|trattenut)[oaie]\\b.{0,60}\\b(?:disdett[oaie]|disdetto|annullat[oaie]|cancellat[oaie])|continuate ad addebitare|pagamenti? (?:non (?:passa|passano|va|vanno|funziona|funzionano)|fallisc\\p{L}*|va in errore|vanno in errore)|(?:nessun cliente|nessuno) (?:riesce|riescono|può|possono) (?:a )?(?:pagare|completare|acquistare)|addebito non autorizzato|(?:mi|ci) avete addebitato',
      urgency:
        'urgente|urgentemente|urgenza|immediatamente|al più presto|il prima possibile|quanto prima|critico|critica|emergenza|senza indugio',
      'subject-flag': 'urgente|urgenza|guasto|critico|emergenza|fuori servizio',
      'legal-threat':
        "avvocat[oi]|avv\\.|diffida|diffido|vie legali|garante|agcm|storno|reclamo al|sedi competenti|chargeback|tribunale|giudice|(?:chiederò|chiedere) (?:alla (?:mia )?banca|lo storno)|contestare l[’']addebito|disconoscere|associazion[ei] (?:dei )?consumatori|codacons|altroconsumo|risarcimento|azioni legali|ufficio legale|denuncia|querela|messa in mora",
      'many-affected':
        'nessun cliente|per tutti|tutti i nostri|nessuno riesce|tutti gli (?:utenti|studi)|(?:tutti|tutte) (?:i|le|gli) (?:nostri |nostre )?(?:\\d+ )?(?:clienti|utenti|dipendenti|collaboratori|negozi|filiali|sedi|punti vendita|studi|cliniche|farmacie|scuole|ristoranti|hotel|magazzini|centri|pazienti|studenti|soci|membri|casse|terminali|uffici|agenzie)|nostr[ie] (?:[3-9]|\\d{2,}) \\p{L}+|nessun(?:o|a)? dei (?:nostri )?\\p{L}+|(?:centinaia|migliaia|decine) di \\p{L}+|nessuno (?:può|riesce)|(?:diversi|molti|vari) (?:dei nostri )?(?:clienti|utenti)|(?:[2-9]\\d|\\d{3,}|\\d{1,3}\\.\\d{3}) (?:clienti|utenti|dipendenti|collaboratori|negozi|filiali|sedi|studi|cliniche|farmacie|scuole|ristoranti|hotel|pazienti|studenti|soci|casse|autisti)',
      'blocked-business':
        "perdendo vendite|vendite|\\d+ (?:pacchi|ordini)|pazienti|non possono|non riusciamo a spedire|(?:stiamo )?perdendo (?:\\p{L}+ )?(?:vendite|ordini|clienti|soldi|prenotazioni)|(?:nessun|zero) (?:ordine|ordini|vendita|vendite|prenotazion[ei])|non (?:possiamo|riusciamo a) (?:vendere|spedire|incassare|fatturare|lavorare|aprire|servire)|saldi|black friday|alta stagione|(?:clienti|pazienti|persone) (?:in attesa|in coda|aspettano)|sale d[’']attesa|stipendi|buste paga|\\d+ (?:spedizioni|fatture)|(?:corriere|bartolini|brt|gls|sda) (?:passa|arriva|viene)|attività (?:ferma|bloccata)|paralizzat[oaie]",
      praise:
        'complimenti|(?:vorrei|volevo) ringraziar\\w*|grazie mille per|servizio eccellente|ringraziarvi|siete stati (?:fantastici|bravissimi|gentilissimi)',
      'repeat-contact':
        '(?:seconda|terza|quarta) volta|sollecito|senza risposta|senza riscontro|nessuno risolve|alcuna risposta|(?:tre|quattro|\\d+) volte|più volte|(?:già )?(?:scritto|chiamato|telefonato|segnalato|sollecitato|contattato) (?:\\p{L}+ )?(?:più volte|varie volte|due volte|tre volte|\\d+ volte)|(?:varie|molte) volte|(?:senza|nessuna) (?:risposta|riscontro)|(?:ancora|tuttora) (?:nessun|niente|nulla)|nessuno (?:mi |ci )?(?:risponde|ha risposto|richiama|risolve|fa niente)|(?:le mie|le nostre) (?:precedenti|ultime) (?:email|mail|richieste|segnalazioni)|(?:secondo|terzo|ennesimo) sollecito|ennesima volta',
      anger:
        'vergognoso|inaccettabile|scandaloso|assurdo|una truffa|vergogna|scandalo|ridicolo|inammissibile|incompetenti|ladri|furto|sono stuf[oa]|voglio i miei soldi|pessimo|indecente|inaudito',
      deadline: 'oggi stesso|entro (?:domani|oggi|\\d+)|alle \\d+',
      'one-person':
        'solo (?:a )?me|solo (?:il )?mio (?:account|computer|pc|telefono)|(?:i )?(?:miei )?colleghi (?:entrano|riescono|possono|non hanno|vedono)|per (?:i )?(?:miei )?colleghi funziona|gli altri (?:utenti )?(?:entrano|riescono|possono)',
      slowdown: 'lento|lenta|lenti|lentezza|rallentat[oaie]|rallentamenti|rallentamento',
      wish: 'sarebbe (?:molto )?(?:utile|bello|comodo|fantastico)',
    },
    negators: ['non', 'mai', 'senza', 'nessun', 'nessuno', 'nessuna', 'né'],
    statedHigh: 'priorità alta|alta priorità|massima priorità',
    statedLow:
      'non è urgente|niente di urgente|nessuna fretta|con calma|priorità bassa|bassa priorità|quando (?:può|potete)|funziona di nuovo|chiudere il ticket|tutto a posto|tutto risolto|nessuna urgenza|solo per (?:informazione|curiosità)|potete chiudere (?:il ticket|la segnalazione)|tutto (?:ok|normale) (?:ora|adesso)',
  },
  nl: {
    rules: {
      security:
        'gehackt|gehacked|beveiligingslek|beveiligingsprobleem|datalek|onbevoegde toegang|ongeautoriseerde toegang|phishing|virus|malware|gecompromitteerd|gestolen|identiteitsfraude|fraude|frauduleus|frauduleuze|vreemde inlog|verdachte inlog|dat waren wij niet|phishingmails?|oplichters|gelekt|(?:iemand|een onbekende) (?:heeft )?(?:\\p{L}+ )?(?:ingelogd|toegang gekregen)|is er ingelogd|ingelogd (?:vanaf|vanuit)|(?:inlog|inlogpoging|login)(?:gen|s)? (?:vanaf|vanuit|uit) (?:een |het )?(?:ip|onbekend|buitenland|vreemd)|(?:wachtwoord|e-?mailadres|iban|rekeningnummer|bankgegevens) (?:is |werd |zijn )?(?:gewijzigd|veranderd|aangepast)|(?:waren|was) (?:wij|ik) niet|niet door (?:ons|mij)|(?:valse|nep)[- ]?(?:e-?mails?|mails|facturen?|berichten|websites?|sites?)|nepmails?|oplichting|zich voordoen als|doen zich voor als|gegevens (?:zijn )?(?:gelekt|gestolen|openbaar|buitgemaakt)|inloggegevens (?:gestolen|buitgemaakt)',
      outage:
        'storing|werkt niet(?: meer)?|doet het niet(?: meer)?|ligt eruit|ligt plat|niet (?:meer )?bereikbaar|onbereikbaar|niet beschikbaar|onderbreking|crasht|gecrasht|loopt vast|vastgelopen|serverfout|witte pagina|wit scherm|leeg scherm|foutpagina|fout 5\\d\\d|5\\d\\d-?fout(?:en)?|time-?out|(?:is|zijn) vastgelopen|blijft (?:hangen|laden)|laadt niet|(?:maakt|maken|verstuurt|versturen|stuurt|genereert|print|laadt) (?:\\p{L}+ ){0,2}(?:geen|niets)(?: \\p{L}+)? meer|geen verbinding|verbindingsfout|kunnen (?:niet|geen) (?:inloggen|verbinden)|komt niets (?:meer )?binnen|komen geen \\p{L}+ (?:meer )?(?:binnen|aan)|ligt (?:helemaal )?stil',
      'payment-failure':
        'betaling (?:is )?(?:mislukt|geweigerd)|kaart (?:is |werd )?geweigerd|(?:dubbel|twee keer|twee maal) (?:afgeschreven|betaald|gefactureerd)|onterecht afgeschreven|kan niet betalen|terugbetaling (?:nog )?niet ontvangen|opgezegd|dubbele afschrijving|onterecht geïnde|(?:afgeschreven|geïncasseerd|gehaald|gefactureerd|in rekening gebracht)\\b.{0,60}\\b(?:opgezegd|geannuleerd|stopgezet)|(?:van|uit) (?:onze|mijn) rekening (?:gehaald|afgeschreven)|betalingen? (?:lukken|lukt|werken|werkt|gaan|gaat) niet|(?:geen enkele klant|niemand) kan (?:meer )?(?:betalen|afrekenen)|onterechte? (?:afschrijving|incasso)|blijven afschrijven',
      urgency:
        'dringend|spoed|spoedig|met spoed|urgent|onmiddellijk|meteen|zo snel mogelijk|zsm|kritiek|noodgeval',
      'subject-flag': 'dringend|spoed|storing|urgent|kritiek',
      'legal-threat':
        'advocaat|advocaten|ingebrekestelling|in gebreke|gerechtelijke stappen|juridische stappen|rechtszaak|acm|autoriteit persoonsgegevens|terugboeken|terugboeking|chargeback|rechter|rechtbank|juridisch|storneren|storno|geschillencommissie|consumentenbond|klacht indienen bij|aansprakelijk|schadevergoeding|incassobureau|deurwaarder|sommatie',
      'many-affected':
        "voor iedereen|alle (?:klanten|gebruikers|vestigingen|filialen)|geen enkele|niemand kan|meerdere klanten|(?:al|alle) (?:onze |de )?(?:\\d+ )?(?:klanten|gebruikers|medewerkers|werknemers|winkels|vestigingen|filialen|locaties|kantoren|praktijken|klinieken|apotheken|scholen|restaurants|hotels|magazijnen|centra|patiënten|leden|kassa's|terminals|franchisenemers|kinderdagverblijven)|onze (?:[3-9]|\\d{2,}) \\p{L}+|(?:honderden|duizenden|tientallen) \\p{L}+|iedereen (?:krijgt|ziet|heeft)|geen enkele (?:klant|gebruiker|medewerker)|(?:meerdere|veel) (?:van onze )?(?:klanten|gebruikers)|(?:[2-9]\\d|\\d{3,}|\\d{1,3}\\.\\d{3}) (?:klanten|gebruikers|medewerkers|werknemers|winkels|vestigingen|filialen|locaties|praktijken|klinieken|apotheken|scholen|restaurants|hotels|patiënten|leden|chauffeurs)",
      'blocked-business':
        '\\d+ (?:bestellingen|pakketten|orders)|omzet|patiënten|kunnen geen|(?:we )?verliezen (?:\\p{L}+ )?(?:omzet|bestellingen|klanten|geld|verkopen)|geen (?:enkele )?(?:bestelling|bestellingen|verkopen|boekingen|orders) (?:meer )?binnen|kunnen (?:niets|geen \\p{L}+|niet) (?:verkopen|versturen|verzenden|leveren|afrekenen|werken)|uitverkoop|black friday|drukste (?:dag|tijd)|(?:klanten|patiënten|ouders|mensen) (?:staan te wachten|wachten|in de rij)|salarissen|loonrun|\\d+ (?:pakketten|orders|zendingen|facturen)|(?:postnl|dhl|koerier|chauffeur|bezorger) (?:komt|haalt)|ligt stil',
      praise:
        'compliment(?:en)?|(?:even )?bedanken|dank(?:jewel)? voor (?:de|jullie) (?:snelle|goede|fijne)|top service|ga zo door|(?:wilde|wil) (?:jullie )?(?:even )?bedanken',
      'repeat-contact':
        '(?:tweede|derde|vierde) keer|geen reactie|niets gehoord|niemand doet iets|herhaalde verzoeken|(?:drie|vier|\\d+) keer|(?:al )?(?:twee|drie|vier|meerdere|\\d+) keer (?:\\p{L}+ )?(?:gebeld|gemaild|geschreven|gevraagd|gemeld)|(?:meerdere|verschillende) keren|(?:nog steeds|nog altijd) (?:geen|niets)|(?:geen|zonder) (?:antwoord|respons)|niemand (?:reageert|antwoordt|belt terug|neemt op|helpt)|(?:mijn|onze) (?:vorige|eerdere) (?:mails?|berichten|tickets|verzoeken)|wederom|alweer',
      anger:
        'schandalig|onacceptabel|belachelijk|te gek voor woorden|schande|waardeloos|diefstal|oplichterij|ik ben het zat|boos|woedend|ik wil mijn geld terug|bespottelijk',
      deadline: 'vandaag (?:nog|terug)|morgen|om \\d+[:.]\\d+|binnen \\d+ dagen',
      'one-person':
        "alleen (?:bij )?mij|alleen mijn (?:account|computer|laptop|telefoon)|(?:mijn )?collega'?s kunnen (?:wel|gewoon)|bij (?:mijn )?collega'?s (?:werkt|gaat) het|anderen kunnen (?:wel|gewoon)",
      slowdown: 'traag|trage|langzaam|langzame',
      wish: 'zou (?:erg |heel )?(?:handig|fijn|mooi|nuttig) zijn',
    },
    negators: ['niet', 'geen', 'nooit', 'zonder', 'noch'],
    statedHigh: 'hoge prioriteit|prioriteit:? hoog|hoogste prioriteit',
    statedLow:
      'niet dringend|geen haast|geen spoed|lage prioriteit|prioriteit:? laag|als u tijd heeft|werkt weer|ticket (?:mag )?sluiten|mag gesloten|alles werkt weer|uit nieuwsgierigheid|geen urgentie|probleem (?:is )?opgelost|alles is weer normaal',
  },
}
